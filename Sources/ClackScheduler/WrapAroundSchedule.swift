/// McNaughton's wrap-around rule, with the cost of stopping made real: lanes are filled one
/// after another up to a horizon T; a move that would cross T is split, its second part ending
/// at T on this lane and its first part running at the start of the next lane, finished before
/// the second part begins. Without stopping costs this reaches the lower bound exactly; each
/// split here also pays an extra ramp down and up, charged through `MoveTiming`, so the
/// planner searches for the smallest T that still fits.
struct WrapAroundSchedule {
  let timing: MoveTiming
  let budget: Int

  /// The most steps a move can make in `micros` (starting and ending at rest).
  func stepsWithin(_ micros: Int, limit: Int) -> Int {
    var low = 0
    var high = limit
    while low < high {
      let mid = (low + high + 1) / 2
      if timing.microseconds(steps: mid) <= micros { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// Segments per module for horizon `horizon`, or nil when the moves do not fit in it.
  func segments(steps: [Int], order: [Int], horizon: Int) -> [[MoveSegment]]? {
    var segments = [[MoveSegment]](repeating: [], count: steps.count)
    var lane = 0
    var laneTime = 0
    for module in order where steps[module] > 0 {
      var remaining = steps[module]
      var duration = timing.microseconds(steps: remaining)
      if laneTime + duration <= horizon {
        segments[module] = [
          MoveSegment(
            startMicroseconds: laneTime, steps: remaining, endMicroseconds: laneTime + duration)
        ]
        laneTime += duration
        continue
      }
      // Split: the part that fits before the horizon on this lane is the move's *second* part.
      let tail = stepsWithin(horizon - laneTime, limit: remaining)
      var tailSegment: MoveSegment? = nil
      if tail > 0 && tail < remaining {
        let tailDuration = timing.microseconds(steps: tail)
        tailSegment = MoveSegment(
          startMicroseconds: horizon - tailDuration, steps: tail, endMicroseconds: horizon)
        remaining -= tail
        duration = timing.microseconds(steps: remaining)
      }
      lane += 1
      laneTime = 0
      guard lane < budget, duration <= horizon else { return nil }
      // The first part starts the next lane and must be done before the second part begins.
      if let tailSegment, duration > tailSegment.startMicroseconds { return nil }
      segments[module] = [
        MoveSegment(startMicroseconds: 0, steps: remaining, endMicroseconds: duration)
      ]
      if let tailSegment { segments[module].append(tailSegment) }
      laneTime = duration
    }
    return segments
  }

  /// The segments at the smallest horizon from `lowerBound` (searched in steps of a tenth of a
  /// percent, up to `ceiling`) that fits, or nil.
  func best(steps: [Int], order: [Int], lowerBound: Int, ceiling: Int) -> [[MoveSegment]]? {
    var low = lowerBound
    var high = ceiling
    var found: [[MoveSegment]]? = nil
    // Feasibility is monotone in the horizon for practical purposes; bisect to 0.1 % of LB.
    let resolution = max(1, lowerBound / 1000)
    while high - low > resolution {
      let mid = (low + high) / 2
      if let fit = segments(steps: steps, order: order, horizon: mid) {
        found = fit
        high = mid
      } else {
        low = mid
      }
    }
    return found ?? segments(steps: steps, order: order, horizon: high)
  }
}
