/// `fastest` in amperes when longest-first leaves a tail: too many long moves come in waves,
/// the second starting only as the first ends. McNaughton's wrap-around rule over a number of
/// virtual lanes spreads them instead (`WrapAroundSchedule`, splitting the move that crosses
/// the horizon); each segment is then placed on the draw's step function (`CurrentSchedule`)
/// at its lane's time or as soon after as every phase fits, a split move's second part after
/// its first. Lanes and horizon are searched; the shortest result wins.
struct CurrentWrapSchedule {
  let draw: CurrentDraw
  let countLimit: Int

  /// The best placed segments found, with their makespan, or nil when no lane count and
  /// horizon fit.
  func best(steps: [Int], order: [Int], lowerBound: Int, ceiling: Int) -> (
    segments: [[MoveSegment]], makespan: Int
  )? {
    // As many lanes as modules can cruise at once, and a few fewer: the ramps take their share.
    let cruising = max(1, draw.cruising)
    let most = min(countLimit, max(1, draw.headroomMilliamps / cruising))
    var best: (segments: [[MoveSegment]], makespan: Int)? = nil
    for lanes in stride(from: most, through: max(1, most - 2), by: -1) {
      let wrap = WrapAroundSchedule(timing: draw.timing, budget: lanes)
      var horizon = lowerBound
      while horizon < min(ceiling, best?.makespan ?? ceiling) {
        if let planned = wrap.segments(steps: steps, order: order, horizon: horizon) {
          let placed = place(planned)
          if placed.makespan < best?.makespan ?? ceiling { best = placed }
        }
        horizon += max(1, lowerBound / 50)  // two percent of LB at a time
      }
    }
    return best
  }

  /// Places the lanes' segments in amperes, earliest planned first.
  func place(_ planned: [[MoveSegment]]) -> (segments: [[MoveSegment]], makespan: Int) {
    var order: [(module: Int, part: Int)] = []
    for module in planned.indices {
      for part in planned[module].indices { order.append((module, part)) }
    }
    order.sort {
      let a = planned[$0.module][$0.part].startMicroseconds
      let b = planned[$1.module][$1.part].startMicroseconds
      return a != b ? a < b : ($0.module, $0.part) < ($1.module, $1.part)
    }
    var packed = CurrentSchedule(
      headroomMilliamps: draw.headroomMilliamps, countLimit: countLimit)
    var placed = planned.map { _ in [MoveSegment]() }
    var makespan = 0
    for (module, part) in order {
      let segment = planned[module][part]
      let after = placed[module].last?.endMicroseconds ?? 0
      let start = packed.place(
        draw.phases(steps: segment.steps),
        release: max(segment.startMicroseconds, after))
      let end = start + draw.timing.microseconds(steps: segment.steps)
      placed[module].append(
        MoveSegment(startMicroseconds: start, steps: segment.steps, endMicroseconds: end))
      makespan = max(makespan, end)
    }
    return (placed, makespan)
  }
}
