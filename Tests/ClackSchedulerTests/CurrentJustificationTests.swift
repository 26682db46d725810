import ClackBoard
import ClackCore
import Testing

@testable import ClackScheduler

/// Double justification (`CurrentJustification`) on the default board in amperes, between
/// random frames: it only ever shortens a plan, keeps every move whole and in order, and keeps
/// the draw within the supply's headroom.
@Suite struct CurrentJustificationTests {
  /// The highest draw above idle of `segments` at any moment.
  func peakMilliamps(_ segments: [[MoveSegment]], draw: CurrentDraw) -> Int {
    var changes: [Int: Int] = [:]
    for segment in segments.joined() {
      for phase in draw.phases(steps: segment.steps) {
        changes[segment.startMicroseconds + phase.start, default: 0] += phase.milliamps
        changes[segment.startMicroseconds + phase.end, default: 0] -= phase.milliamps
      }
    }
    var (level, peak) = (0, 0)
    for time in changes.keys.sorted() {
      level += changes[time] ?? 0
      peak = max(peak, level)
    }
    return peak
  }

  /// Longest-first list scheduling in amperes, each move in one segment.
  func listSegments(_ planner: Planner, steps: [Int]) -> [[MoveSegment]] {
    let durations = steps.map(planner.timing.microseconds(steps:))
    let (sequence, release) = planner.ordering(
      Transition(.fastest), durations: durations, moving: [])
    let starts = planner.schedule(sequence, release: release, steps: steps, durations: durations)
    return steps.indices.map { module in
      steps[module] == 0
        ? []
        : [
          MoveSegment(
            startMicroseconds: starts[module], steps: steps[module],
            endMicroseconds: starts[module] + durations[module])
        ]
    }
  }

  @Test func justifyingShortensPlansAndKeepsThemWithinTheSupply() throws {
    let planner = Planner(board: try simBoard())
    let draw = try #require(planner.draw)
    let justification = CurrentJustification(draw: draw, countLimit: planner.countLimit)
    var random = SplitMix64(seed: 2026)
    var (before, after, shortened) = (0, 0, 0)
    for _ in 0..<40 {
      let steps = (0..<planner.moduleCount).map { _ in Int(random.next() % 4096) }
      let list = listSegments(planner, steps: steps)
      let listMakespan = CurrentJustification.makespan(list)
      let (justified, makespan) = justification.improve(list)
      #expect(makespan <= listMakespan)
      #expect(makespan == CurrentJustification.makespan(justified))
      #expect(peakMilliamps(justified, draw: draw) <= draw.headroomMilliamps)
      #expect(justified.joined().allSatisfy { $0.startMicroseconds >= 0 })
      for module in steps.indices {
        #expect(justified[module].map(\.steps) == list[module].map(\.steps))
        #expect(
          justified[module].map { $0.endMicroseconds - $0.startMicroseconds }
            == list[module].map { $0.endMicroseconds - $0.startMicroseconds })
      }
      before += listMakespan
      after += makespan
      if makespan < listMakespan { shortened += 1 }
    }
    #expect(shortened > 0, "justification never shortened a plan")
    #expect(after < before)
  }

  /// A split move's second part still starts after its first has ended, both ways round:
  /// justified wrap-around schedules (which split moves) of 25 long moves and 27 short ones,
  /// too many long ones for one wave.
  @Test func splitMovesKeepTheirPartsInOrder() throws {
    let planner = Planner(board: try simBoard())
    let draw = try #require(planner.draw)
    let justification = CurrentJustification(draw: draw, countLimit: planner.countLimit)
    let wrap = CurrentWrapSchedule(draw: draw, countLimit: planner.countLimit)
    var random = SplitMix64(seed: 41)
    var splits = 0
    for _ in 0..<10 {
      let steps = (0..<planner.moduleCount).map { module in
        module < 25 ? 3000 + Int(random.next() % 1000) : module < 52 ? Int(random.next() % 1500) : 0
      }
      let durations = steps.map(planner.timing.microseconds(steps:))
      let (sequence, _) = planner.ordering(Transition(.fastest), durations: durations, moving: [])
      let lowerBound = planner.lowerBound(steps: steps, durations: durations)
      let segments = try #require(
        wrap.best(steps: steps, order: sequence, lowerBound: lowerBound, ceiling: 3 * lowerBound)
      ).segments
      let makespan = CurrentJustification.makespan(segments)
      // One pass may lengthen a plan (a split move's parts constrain each other); `improve`
      // keeps only the rounds that shorten it.
      #expect(justification.improve(segments).makespan <= makespan)
      for plan in [
        justification.justifyRight(segments, makespan: makespan),
        justification.justifyLeft(segments),
      ] {
        #expect(peakMilliamps(plan, draw: draw) <= draw.headroomMilliamps)
        for parts in plan where parts.count == 2 {
          splits += 1
          #expect(parts[0].endMicroseconds <= parts[1].startMicroseconds)
        }
      }
    }
    #expect(splits > 0, "no plan split a move")
  }
}
