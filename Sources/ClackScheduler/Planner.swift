import ClackBoard
import ClackCore

/// Decides what moves when: pure and deterministic. Every transition is list scheduling:
/// modules are taken in the transition's order and each starts, no earlier than its release
/// time, as soon as the power allows. Power is counted in one of two ways:
/// - in amperes, when the board file gives its supply (`PowerSupply`): each move's phases
///   (ramping, cruising, holding) are packed under the supply's headroom (`CurrentSchedule`),
///   and never more than `countLimit` modules move;
/// - in modules, otherwise: `budget` lanes, each one module's worth of power; a module starts
///   on the lane that frees first.
/// Either way no moment of a plan draws more than the supply gives.
public struct Planner: Sendable {
  public let rows: Int
  public let cols: Int
  public let order: ModuleOrder
  public let flapCount: Int
  public let stepsPerRevolution: Int
  /// The most modules that may move at once even all at their highest draw
  /// (`BoardDefinition.maxMoving`, or the caller's count lowered to what the supply carries):
  /// the lanes of a plan in modules, of homing and of `reveal`'s last steps.
  public let budget: Int
  /// The most modules a plan ever moves at once (`power.max_moving`, else all); in amperes a
  /// plan may move more than `budget` while some cruise, never more than this.
  public let countLimit: Int
  /// The supply's model, when plans are made in amperes.
  public let draw: CurrentDraw?
  public let timing: MoveTiming

  /// `budget`: a count of modules instead of the file's `power.max_moving`. A smart board's
  /// plans are in modules even when its file gives a supply, at `budget` lanes: its modules
  /// run their own ramps, which the executor does not see.
  public init(board: BoardDefinition, budget: Int? = nil) {
    rows = board.rows
    cols = board.cols
    order = board.order
    flapCount = board.flapSet.count
    stepsPerRevolution = board.motion.stepsPerRevolution
    let timing = MoveTiming(profile: board.motion)
    self.timing = timing
    let count = max(1, budget ?? board.movingLimit)
    let carried = board.supply?.maxMoving(moduleCount: board.moduleCount) ?? count
    self.budget = max(1, min(count, carried))
    let draw = board.supply.map {
      CurrentDraw(supply: $0, timing: timing, moduleCount: board.moduleCount)
    }
    self.draw = board.hardware?.isSmart == true ? nil : draw
    countLimit = self.draw == nil ? self.budget : count
  }

  public var moduleCount: Int { rows * cols }

  /// Steps from flap 0 to where flap `flap` is fully shown: a true ceiling, so every flap
  /// stops just past its own boundary.
  public func position(ofFlap flap: Int) -> Int {
    (flap * stepsPerRevolution + flapCount - 1) / flapCount
  }

  /// The flap shown at a position (steps from flap 0).
  public func flap(atPosition position: Int) -> Int {
    let p = (position % stepsPerRevolution + stepsPerRevolution) % stepsPerRevolution
    return p * flapCount / stepsPerRevolution
  }

  /// Plans from modules at rest on `from` flaps.
  public func plan(fromFlaps from: [Int], to targets: [Int], transition: Transition = Transition())
    -> Plan
  {
    plan(from: from.map(position(ofFlap:)), to: targets, transition: transition)
  }

  /// Plans from step positions (relative to flap 0; mid-move positions are fine, which is how
  /// a replan starts). Modules in `moving` are in motion now: they keep going, starting at
  /// time 0 ahead of everyone else.
  public func plan(
    from positions: [Int], to targets: [Int], transition: Transition = Transition(),
    moving: Set<Int> = []
  ) -> Plan {
    let count = moduleCount
    var steps = [Int](repeating: 0, count: count)
    for module in 0..<count {
      let goal = position(ofFlap: targets[module])
      var distance =
        ((goal - positions[module]) % stepsPerRevolution + stepsPerRevolution) % stepsPerRevolution
      if distance == 0 && transition.fullRotation && !moving.contains(module) {
        distance = stepsPerRevolution
      }
      steps[module] = distance
    }
    let durations = steps.map(timing.microseconds(steps:))
    let lowerBound = lowerBound(steps: steps, durations: durations)
    var segments = [[MoveSegment]](repeating: [], count: count)
    if transition.kind == .reveal {
      segments = revealSegments(steps: steps, moving: moving)
    } else if transition.kind == .fastest, moving.isEmpty {
      segments = fastestSegments(steps: steps, durations: durations, lowerBound: lowerBound)
    } else {
      let (sequence, release) = ordering(transition, durations: durations, moving: moving)
      let starts = schedule(sequence, release: release, steps: steps, durations: durations)
      for module in 0..<count where steps[module] > 0 {
        segments[module] = [
          MoveSegment(
            startMicroseconds: starts[module], steps: steps[module],
            endMicroseconds: starts[module] + durations[module])
        ]
      }
    }
    let moves = (0..<count).map { module in
      let cell = order.cell(ofModule: module, rows: rows, cols: cols)
      let from = flap(atPosition: positions[module])
      let flaps =
        steps[module] == stepsPerRevolution
        ? flapCount : (targets[module] - from + flapCount) % flapCount
      return PlannedMove(
        module: module, row: cell.row, col: cell.col, from: from, to: targets[module], flaps: flaps,
        steps: steps[module], segments: segments[module])
    }
    return Plan(
      moves: moves, makespanMicroseconds: moves.map(\.endMicroseconds).max() ?? 0,
      lowerBoundMicroseconds: lowerBound, budget: budget,
      current: draw.map { current(of: moves, draw: $0) } ?? [])
  }

  /// No plan can be faster: the longest single move; the total move time over the most
  /// modules that may move at once; in amperes, the total charge over the headroom.
  func lowerBound(steps: [Int], durations: [Int]) -> Int {
    var bound = max(
      durations.max() ?? 0, (durations.reduce(0, +) + countLimit - 1) / countLimit)
    if let draw {
      let charge = steps.reduce(0) { $0 + draw.charge(steps: $1) }
      bound = max(bound, (charge + draw.headroomMilliamps - 1) / draw.headroomMilliamps)
    }
    return bound
  }

  /// The supply's draw over a plan: a step at every change, from time 0 (moves starting at
  /// once included) to the board at rest, the reserve and every module idle, once the last
  /// module has settled.
  func current(of moves: [PlannedMove], draw: CurrentDraw) -> [CurrentStep] {
    var changes: [Int: Int] = [:]
    for move in moves {
      for segment in move.segments {
        for phase in draw.phases(steps: segment.steps) where phase.milliamps > 0 {
          changes[segment.startMicroseconds + phase.start, default: 0] += phase.milliamps
          changes[segment.startMicroseconds + phase.end, default: 0] -= phase.milliamps
        }
      }
    }
    var level = draw.supply.reservedMilliamps + draw.supply.idle * moduleCount
    var steps = [CurrentStep(startMicroseconds: 0, milliamps: level)]
    for time in changes.keys.sorted() where changes[time] != 0 {
      level += changes[time] ?? 0
      if steps.last?.startMicroseconds == time {
        steps[steps.count - 1] = CurrentStep(startMicroseconds: time, milliamps: level)
      } else {
        steps.append(CurrentStep(startMicroseconds: time, milliamps: level))
      }
    }
    return steps
  }

  /// The order modules are taken in, and when each may start.
  func ordering(_ transition: Transition, durations: [Int], moving: Set<Int>) -> ([Int], [Int]) {
    let count = moduleCount
    let cells = (0..<count).map { order.cell(ofModule: $0, rows: rows, cols: cols) }
    var sequence = Array(0..<count)
    switch transition.kind {
    case .fastest, .reveal:
      // Longest first: LPT keeps the lanes balanced, which is what makes the total short.
      sequence.sort { durations[$0] != durations[$1] ? durations[$0] > durations[$1] : $0 < $1 }
    case .random:
      var random = SplitMix64(seed: transition.seed)
      if sequence.count > 1 {
        for index in stride(from: sequence.count - 1, to: 0, by: -1) {
          sequence.swapAt(index, random.uniform(below: index + 1))
        }
      }
    case .column, .reverseColumn, .row, .diagonal, .edgesToCenter:
      let keys = (0..<count).map { sortKey(transition.kind, cells[$0], module: $0) }
      sequence.sort { keys[$0] < keys[$1] }
    }
    var release = [Int](repeating: 0, count: count)
    if transition.kind != .fastest && transition.kind != .reveal {
      for (position, module) in sequence.enumerated() {
        release[module] =
          position / transition.stepSize * transition.stepIntervalMilliseconds * 1000
      }
    }
    // Modules already moving keep going: first, at time 0.
    let ongoing = sequence.filter { moving.contains($0) }
    sequence = ongoing + sequence.filter { !moving.contains($0) }
    for module in ongoing { release[module] = 0 }
    return (sequence, release)
  }

  /// Where a module comes in a Vestaboard strategy's order (ties broken by module index).
  private func sortKey(_ kind: Transition.Kind, _ cell: (row: Int, col: Int), module: Int) -> (
    Int, Int, Int
  ) {
    switch kind {
    case .column: (cell.col, cell.row, module)
    case .reverseColumn: (-cell.col, cell.row, module)
    case .row: (cell.row, cell.col, module)
    case .diagonal: (cell.row + cell.col, cell.row, module)
    case .edgesToCenter: (min(cell.col, cols - 1 - cell.col), cell.col, cell.row)
    case .fastest, .reveal, .random: (module, 0, 0)
    }
  }

  /// List scheduling, in amperes when the board gives its supply, else over `budget` lanes;
  /// returns each module's start time.
  func schedule(_ sequence: [Int], release: [Int], steps: [Int], durations: [Int]) -> [Int] {
    if let draw {
      var packed = CurrentSchedule(
        headroomMilliamps: draw.headroomMilliamps, countLimit: countLimit)
      var starts = [Int](repeating: 0, count: moduleCount)
      for module in sequence where durations[module] > 0 {
        starts[module] = packed.place(draw.phases(steps: steps[module]), release: release[module])
      }
      return starts
    }
    var lanes = [Int](repeating: 0, count: budget)
    var starts = [Int](repeating: 0, count: moduleCount)
    for module in sequence where durations[module] > 0 {
      var lane = 0
      for candidate in 1..<lanes.count where lanes[candidate] < lanes[lane] { lane = candidate }
      let start = max(release[module], lanes[lane])
      starts[module] = start
      lanes[lane] = start + durations[module]
    }
    return starts
  }

  /// `fastest`: the better of longest-first list scheduling and the wrap-around schedule, which
  /// may split a move in two (stop, and go on later) to balance the lanes.
  func fastestSegments(steps: [Int], durations: [Int], lowerBound: Int) -> [[MoveSegment]] {
    let (sequence, release) = ordering(Transition(.fastest), durations: durations, moving: [])
    let starts = schedule(sequence, release: release, steps: steps, durations: durations)
    var listSegments = [[MoveSegment]](repeating: [], count: moduleCount)
    var listMakespan = 0
    for module in 0..<moduleCount where steps[module] > 0 {
      listSegments[module] = [
        MoveSegment(
          startMicroseconds: starts[module], steps: steps[module],
          endMicroseconds: starts[module] + durations[module])
      ]
      listMakespan = max(listMakespan, starts[module] + durations[module])
    }
    guard listMakespan > lowerBound else { return listSegments }
    if let draw {
      let wrap = CurrentWrapSchedule(draw: draw, countLimit: countLimit)
      let justification = CurrentJustification(draw: draw, countLimit: countLimit)
      var best = justification.improve(listSegments)
      if let split = wrap.best(
        steps: steps, order: sequence, lowerBound: lowerBound, ceiling: listMakespan)
      {
        let justified = justification.improve(split.segments)
        if justified.makespan < best.makespan { best = justified }
      }
      return best.segments
    }
    let wrap = WrapAroundSchedule(timing: timing, budget: budget)
    guard
      let split = wrap.best(
        steps: steps, order: sequence, lowerBound: lowerBound, ceiling: listMakespan)
    else {
      return listSegments
    }
    let splitMakespan = split.compactMap { $0.last?.endMicroseconds }.max() ?? 0
    return splitMakespan < listMakespan ? split : listSegments
  }

  /// `reveal`: every module first approaches to one step before the drop of its new flap
  /// (longest first, within the budget), then all take that last step together: in one wave
  /// when no more than `budget` modules move, otherwise in consecutive waves of `budget`, one
  /// step-time apart, so the new frame appears within a few milliseconds without ever
  /// exceeding the budget.
  func revealSegments(steps: [Int], moving: Set<Int>) -> [[MoveSegment]] {
    let approach = steps.map { max(0, $0 - 1) }
    let approachTimes = approach.map(timing.microseconds(steps:))
    let (sequence, release) = ordering(
      Transition(.fastest), durations: approachTimes, moving: moving)
    let starts = schedule(sequence, release: release, steps: approach, durations: approachTimes)
    let revealAt =
      (0..<moduleCount).map { approachTimes[$0] > 0 ? starts[$0] + approachTimes[$0] : 0 }.max()
      ?? 0
    let oneStep = timing.microseconds(steps: 1)
    var segments = [[MoveSegment]](repeating: [], count: moduleCount)
    var wavePosition = 0
    for module in 0..<moduleCount where steps[module] > 0 {
      if approach[module] > 0 {
        segments[module].append(
          MoveSegment(
            startMicroseconds: starts[module], steps: approach[module],
            endMicroseconds: starts[module] + approachTimes[module]))
      }
      let start = revealAt + wavePosition / budget * oneStep
      segments[module].append(
        MoveSegment(startMicroseconds: start, steps: 1, endMicroseconds: start + oneStep))
      wavePosition += 1
    }
    return segments
  }
}
