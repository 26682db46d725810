import ClackBoard
import ClackCore
import Foundation
import Testing

@testable import ClackScheduler

let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
  "../../boards"
).standardized

func simBoard() throws -> BoardDefinition {
  try BoardDefinition.load(path: boards.appendingPathComponent("sim-6x22.yaml").path)
}

/// The default board with its power as a count of modules (12) instead of its supply: what the
/// tests of the lanes' own behaviour use.
func simBoardInModules() throws -> BoardDefinition {
  var board = try simBoard()
  board.supply = nil
  board.movingLimit = 12
  return board
}

/// What a plan draws above idle, the highest at any moment, worked out from its segments with
/// `CurrentDraw.milliamps(after:of:)` (not from the planner's own step function): the draw
/// only rises where a segment starts, reaches its ramp down or its settle, so those instants
/// are enough.
func peakDraw(_ plan: Plan, _ draw: CurrentDraw) -> Int {
  let segments = plan.moves.flatMap(\.segments)
  var instants: [Int] = []
  for segment in segments {
    let motion = draw.timing.motionMicroseconds(steps: segment.steps)
    let accelerating = draw.timing.accelerationMicroseconds(steps: segment.steps)
    instants += [0, motion - accelerating, motion].map { segment.startMicroseconds + $0 }
  }
  return instants.map { instant in
    segments.reduce(0) {
      $0 + draw.milliamps(after: instant - $1.startMicroseconds, of: $1.steps)
    }
  }.max() ?? 0
}

func randomFrame(_ count: Int, flaps: Int, _ random: inout SplitMix64, keep: [Int]? = nil) -> [Int]
{
  (0..<count).map { index in
    // A third of the modules keep their flap, as between real messages.
    if let keep, random.uniform(below: 3) == 0 { return keep[index] }
    return random.uniform(below: flaps)
  }
}

let allTransitions: [Transition] =
  Transition.Kind.allCases.map {
    Transition($0, stepSize: 3, stepIntervalMilliseconds: 40, seed: 9)
  }
  + [
    Transition(.column, stepSize: 6, stepIntervalMilliseconds: 200),
    Transition(.fastest, fullRotation: true),
  ]

/// Checks the rules every plan must keep.
func checkRules(
  _ plan: Plan, planner: Planner, from positions: [Int], to targets: [Int],
  _ transition: Transition, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    plan.maxConcurrent <= planner.countLimit,
    "\(transition.kind): \(plan.maxConcurrent) moving at once", sourceLocation: sourceLocation)
  if let draw = planner.draw {
    let peak = peakDraw(plan, draw)
    #expect(
      peak <= draw.headroomMilliamps,
      "\(transition.kind): draws \(peak) mA above idle, the supply leaves \(draw.headroomMilliamps)",
      sourceLocation: sourceLocation)
    #expect(
      plan.peakMilliamps == peak + draw.supply.reservedMilliamps + draw.supply.idle
        * planner.moduleCount, "the plan's own current disagrees", sourceLocation: sourceLocation)
  } else {
    #expect(plan.maxConcurrent <= planner.budget, sourceLocation: sourceLocation)
    #expect(plan.current.isEmpty, sourceLocation: sourceLocation)
  }
  #expect(
    plan.makespanMicroseconds >= plan.lowerBoundMicroseconds,
    "\(transition.kind) beat the lower bound", sourceLocation: sourceLocation)
  for move in plan.moves {
    // Forward only, and it ends exactly where the target flap shows.
    #expect(
      move.segments.allSatisfy { $0.steps > 0 && $0.endMicroseconds > $0.startMicroseconds },
      sourceLocation: sourceLocation)
    #expect(move.segments.reduce(0) { $0 + $1.steps } == move.steps, sourceLocation: sourceLocation)
    let end = positions[move.module] + move.steps
    #expect(
      ((end - planner.position(ofFlap: targets[move.module])) % planner.stepsPerRevolution) == 0,
      "module \(move.module) does not end on its target", sourceLocation: sourceLocation)
    // Segments of one module never overlap.
    for (a, b) in zip(move.segments, move.segments.dropFirst()) {
      #expect(a.endMicroseconds <= b.startMicroseconds, sourceLocation: sourceLocation)
    }
    if move.steps == 0 { #expect(move.segments.isEmpty, sourceLocation: sourceLocation) }
  }
}

@Suite struct PlannerPropertyTests {
  @Test(arguments: [true, false])
  func everyTransitionKeepsTheRulesOnRandomFrames(inAmperes: Bool) throws {
    let planner = Planner(board: inAmperes ? try simBoard() : try simBoardInModules())
    #expect((planner.draw != nil) == inAmperes)
    var random = SplitMix64(seed: 5)
    for _ in 0..<40 {
      let from = randomFrame(planner.moduleCount, flaps: planner.flapCount, &random)
      let to = randomFrame(planner.moduleCount, flaps: planner.flapCount, &random, keep: from)
      for transition in allTransitions {
        let plan = planner.plan(fromFlaps: from, to: to, transition: transition)
        checkRules(
          plan, planner: planner, from: from.map(planner.position(ofFlap:)), to: to, transition)
      }
    }
  }

  @Test func aModuleThatShowsItsTargetStaysUnlessAFullRotationIsAsked() throws {
    let planner = Planner(board: try simBoard())
    let frame = (0..<planner.moduleCount).map { $0 % planner.flapCount }
    let still = planner.plan(fromFlaps: frame, to: frame)
    #expect(still.moves.allSatisfy { !$0.moves })
    #expect(still.makespanMicroseconds == 0)
    let spin = planner.plan(
      fromFlaps: frame, to: frame, transition: Transition(.fastest, fullRotation: true))
    #expect(
      spin.moves.allSatisfy {
        $0.steps == planner.stepsPerRevolution && $0.flaps == planner.flapCount
      })
  }

  @Test func revealLandsTogether() throws {
    let board = try simBoardInModules()
    // Few movers (within the budget): every new flap drops at the same instant.
    let planner = Planner(board: board)
    var from = Array(repeating: 0, count: planner.moduleCount)
    var to = from
    for module in [3, 17, 40, 41, 90, 131] { to[module] = (module * 7) % 52 + 1 }
    let few = planner.plan(fromFlaps: from, to: to, transition: Transition(.reveal))
    let landings = Set(few.moves.filter(\.moves).map(\.endMicroseconds))
    #expect(landings.count == 1)
    // Many movers: waves of `budget` one step apart, all within ceil(movers / budget) steps.
    var random = SplitMix64(seed: 8)
    from = randomFrame(planner.moduleCount, flaps: 52, &random)
    to = randomFrame(planner.moduleCount, flaps: 52, &random)
    let many = planner.plan(fromFlaps: from, to: to, transition: Transition(.reveal))
    let movers = many.moves.filter(\.moves)
    let ends = movers.map(\.endMicroseconds)
    let oneStep = planner.timing.microseconds(steps: 1)
    let waves = (movers.count + planner.budget - 1) / planner.budget
    #expect((ends.max() ?? 0) - (ends.min() ?? 0) <= (waves - 1) * oneStep)
    #expect(many.maxConcurrent <= planner.budget)
    // Nothing new shows before the reveal: every approach stops short of its flap's drop.
    let revealStart = movers.compactMap { $0.segments.last?.startMicroseconds }.min() ?? 0
    for move in movers where move.segments.count == 2 {
      #expect(move.segments[0].endMicroseconds <= revealStart)
      #expect(
        planner.flap(atPosition: planner.position(ofFlap: move.from) + move.segments[0].steps)
          != move.to)
    }
  }

  @Test(arguments: [true, false])
  func aReplanFromMidMovePositionsKeepsTheRules(inAmperes: Bool) throws {
    let planner = Planner(board: inAmperes ? try simBoard() : try simBoardInModules())
    var random = SplitMix64(seed: 13)
    for _ in 0..<20 {
      let from = randomFrame(planner.moduleCount, flaps: 52, &random)
      let first = randomFrame(planner.moduleCount, flaps: 52, &random)
      let plan = planner.plan(fromFlaps: from, to: first)
      // Stop the clock part-way: modules in motion are somewhere along their move.
      let now = plan.makespanMicroseconds / 3
      var positions = from.map(planner.position(ofFlap:))
      var moving = Set<Int>()
      // A module is in motion only inside one of its segments (a split move rests between).
      for move in plan.moves {
        for segment in move.segments {
          if segment.endMicroseconds <= now {
            positions[move.module] += segment.steps
          } else if segment.startMicroseconds < now {
            let fraction =
              Double(now - segment.startMicroseconds)
              / Double(segment.endMicroseconds - segment.startMicroseconds)
            positions[move.module] += Int(Double(segment.steps) * fraction)
            moving.insert(move.module)
          }
        }
      }
      #expect(moving.count <= planner.countLimit)
      let second = randomFrame(planner.moduleCount, flaps: 52, &random, keep: first)
      for transition in allTransitions {
        let replan = planner.plan(
          from: positions, to: second, transition: transition, moving: moving)
        checkRules(replan, planner: planner, from: positions, to: second, transition)
        // The modules already moving do not stop: they go on at once. (Under reveal a module
        // whose only remaining motion is the final step waits for the reveal: that is the point.)
        // In amperes each restarts its ramp, at the ramping draw: as many go on at once as the
        // supply carries so (at least `budget`), the others as soon as it does.
        var goOn = 0
        var stopped = 0
        for module in moving where replan.moves[module].moves {
          let move = replan.moves[module]
          if transition.kind == .reveal && move.segments.count == 1 { continue }
          if move.startMicroseconds == 0 { goOn += 1 } else { stopped += 1 }
        }
        if planner.draw == nil {
          #expect(stopped == 0, "\(transition.kind): \(stopped) moving modules were stopped")
        } else {
          #expect(
            stopped == 0 || goOn >= planner.budget,
            "\(transition.kind): \(stopped) stopped while only \(goOn) went on")
        }
      }
    }
  }

  @Test func vestaboardStrategiesStartInTheirOrder() throws {
    let planner = Planner(board: try simBoardInModules(), budget: 132)
    let from = Array(repeating: 0, count: 132)
    let to = Array(repeating: 10, count: 132)
    let column = planner.plan(
      fromFlaps: from, to: to,
      transition: Transition(.column, stepSize: 6, stepIntervalMilliseconds: 100))
    for move in column.moves { #expect(move.startMicroseconds == move.col * 100_000) }
    let reverse = planner.plan(
      fromFlaps: from, to: to,
      transition: Transition(.reverseColumn, stepSize: 6, stepIntervalMilliseconds: 100))
    for move in reverse.moves { #expect(move.startMicroseconds == (21 - move.col) * 100_000) }
    let row = planner.plan(
      fromFlaps: from, to: to,
      transition: Transition(.row, stepSize: 22, stepIntervalMilliseconds: 100))
    for move in row.moves { #expect(move.startMicroseconds == move.row * 100_000) }
    let edges = planner.plan(
      fromFlaps: from, to: to,
      transition: Transition(.edgesToCenter, stepSize: 12, stepIntervalMilliseconds: 100))
    for move in edges.moves {
      #expect(move.startMicroseconds == min(move.col, 21 - move.col) * 100_000)
    }
    let random = planner.plan(fromFlaps: from, to: to, transition: Transition(.random, seed: 4))
    #expect(
      random == planner.plan(fromFlaps: from, to: to, transition: Transition(.random, seed: 4)))
    #expect(
      random != planner.plan(fromFlaps: from, to: to, transition: Transition(.random, seed: 5)))
  }

  @Test func moveTimesFollowTheRamp() {
    let timing = MoveTiming(
      profile: MotionProfile(
        stepsPerRevolution: 4096, startSpeed: 200, topSpeed: 1000, rampMilliseconds: 200))
    // Ramp 200 ms covers (200 + 1000) / 2 × 0.2 = 120 steps each way.
    #expect(timing.motionMicroseconds(steps: 240) == 400_000)
    #expect(timing.motionMicroseconds(steps: 1240) == 1_400_000)
    #expect(timing.motionMicroseconds(steps: 1) > 0 && timing.motionMicroseconds(steps: 1) < 5_001)
    #expect(timing.motionMicroseconds(steps: 0) == 0)
    // The module stays energised one step at the start speed (5 ms) after its last step.
    #expect(timing.settleMicroseconds == 5000)
    #expect(timing.microseconds(steps: 240) == 405_000)
    #expect(timing.microseconds(steps: 0) == 0)
    // Splitting a move never makes it faster (what reveal and the lower bound rely on).
    for n in stride(from: 2, through: 4096, by: 97) {
      #expect(
        timing.microseconds(steps: n - 1) + timing.microseconds(steps: 1)
          >= timing.microseconds(steps: n))
    }
  }
}
