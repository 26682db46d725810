/// Double justification of a plan made in amperes: every segment pushed as late as the supply
/// allows (latest-ending first), then as early as it allows (earliest-starting first), again
/// until the makespan stops shrinking. List scheduling leaves headroom unused where a move
/// that could not start waits for a gap; pushing everything to one end and back closes such
/// gaps, a known cheap improvement for resource-constrained schedules (Valls, Ballestín and
/// Quintanilla, "Justification and RCPSP: A technique that pays", 2005).
struct CurrentJustification {
  let draw: CurrentDraw
  let countLimit: Int

  /// The plan justified until it stops improving (at most `rounds` times), with its makespan;
  /// `segments` itself when no round shortens it. A round can lengthen a plan (packing in a new
  /// order is greedy, and a split move's parts hold each other back), so only shorter plans
  /// are kept.
  func improve(_ segments: [[MoveSegment]], rounds: Int = 4) -> (
    segments: [[MoveSegment]], makespan: Int
  ) {
    var best = (segments: segments, makespan: Self.makespan(segments))
    for _ in 0..<rounds {
      let late = justifyRight(best.segments, makespan: best.makespan)
      let early = justifyLeft(late)
      let makespan = Self.makespan(early)
      guard makespan < best.makespan else { break }
      best = (early, makespan)
    }
    return best
  }

  /// Each segment as late as it fits before `makespan`, the latest-ending placed first: the
  /// plan mirrored in time and packed from its start, where a move's phases run backwards and
  /// a split move's second part comes before its first.
  func justifyRight(_ segments: [[MoveSegment]], makespan: Int) -> [[MoveSegment]] {
    let order = parts(of: segments).sorted {
      let a = segments[$0.module][$0.part].endMicroseconds
      let b = segments[$1.module][$1.part].endMicroseconds
      return a != b ? a > b : ($0.module, $0.part) > ($1.module, $1.part)
    }
    var packed = CurrentSchedule(headroomMilliamps: draw.headroomMilliamps, countLimit: countLimit)
    var placed = segments
    var earliestStart = makespan
    for (module, part) in order {
      let segment = segments[module][part]
      let duration = segment.endMicroseconds - segment.startMicroseconds
      // In mirrored time a part may begin only once the part after it (placed already) ends.
      let release =
        part + 1 < segments[module].count
        ? makespan - placed[module][part + 1].startMicroseconds : 0
      let mirrored = draw.phases(steps: segment.steps).map {
        CurrentPhase(start: duration - $0.end, end: duration - $0.start, milliamps: $0.milliamps)
      }
      let start = makespan - packed.place(mirrored, release: release) - duration
      placed[module][part] = MoveSegment(
        startMicroseconds: start, steps: segment.steps, endMicroseconds: start + duration)
      earliestStart = min(earliestStart, start)
    }
    // Nothing moves before the earliest start: the plan begins there.
    return placed.map { parts in
      parts.map {
        MoveSegment(
          startMicroseconds: $0.startMicroseconds - earliestStart, steps: $0.steps,
          endMicroseconds: $0.endMicroseconds - earliestStart)
      }
    }
  }

  /// Each segment as early as it fits, the earliest-starting placed first.
  func justifyLeft(_ segments: [[MoveSegment]]) -> [[MoveSegment]] {
    let order = parts(of: segments).sorted {
      let a = segments[$0.module][$0.part].startMicroseconds
      let b = segments[$1.module][$1.part].startMicroseconds
      return a != b ? a < b : ($0.module, $0.part) < ($1.module, $1.part)
    }
    var packed = CurrentSchedule(headroomMilliamps: draw.headroomMilliamps, countLimit: countLimit)
    var placed = segments
    for (module, part) in order {
      let segment = segments[module][part]
      let duration = segment.endMicroseconds - segment.startMicroseconds
      let release = part > 0 ? placed[module][part - 1].endMicroseconds : 0
      let start = packed.place(draw.phases(steps: segment.steps), release: release)
      placed[module][part] = MoveSegment(
        startMicroseconds: start, steps: segment.steps, endMicroseconds: start + duration)
    }
    return placed
  }

  private func parts(of segments: [[MoveSegment]]) -> [(module: Int, part: Int)] {
    segments.indices.flatMap { module in segments[module].indices.map { (module, $0) } }
  }

  static func makespan(_ segments: [[MoveSegment]]) -> Int {
    segments.compactMap { $0.last?.endMicroseconds }.max() ?? 0
  }
}
