/// List scheduling in amperes: moves are placed one after another, each at the earliest time
/// from its release at which, through every phase of the move, the draw already planned plus
/// its own stays within the supply's headroom and fewer than `countLimit` modules move. The
/// plan so far is a step function (`times`, with the draw and count from each time to the
/// next; the last holds for ever and is zero).
struct CurrentSchedule {
  let headroomMilliamps: Int
  let countLimit: Int
  private var times: [Int] = [0]
  private var levels: [Int] = [0]
  private var counts: [Int] = [0]

  init(headroomMilliamps: Int, countLimit: Int) {
    self.headroomMilliamps = headroomMilliamps
    self.countLimit = countLimit
  }

  /// Places a move with `phases` no earlier than `release`; returns its start.
  mutating func place(_ phases: [CurrentPhase], release: Int) -> Int {
    guard !phases.isEmpty else { return release }
    var start = release
    while let later = conflict(phases, at: start) { start = later }
    for phase in phases { add(phase.milliamps, from: start + phase.start, to: start + phase.end) }
    return start
  }

  /// Nil when the move fits from `start`; else the earliest start worth trying next. A phase
  /// that overflows a stretch of the plan overflows it for every start until the phase begins
  /// after that stretch ends, so no start before then can fit.
  private func conflict(_ phases: [CurrentPhase], at start: Int) -> Int? {
    for phase in phases {
      var index = self.index(at: start + phase.start)
      while index < times.count, times[index] < start + phase.end {
        if levels[index] + phase.milliamps > headroomMilliamps || counts[index] >= countLimit {
          // The last stretch is empty, so an overflowing one always has an end.
          return times[index + 1] - phase.start
        }
        index += 1
      }
    }
    return nil
  }

  /// The stretch holding `time`.
  private func index(at time: Int) -> Int {
    var (low, high) = (0, times.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if times[middle] <= time { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Makes `time` a boundary of the step function; returns its stretch.
  private mutating func split(at time: Int) -> Int {
    let index = self.index(at: time)
    if times[index] == time { return index }
    times.insert(time, at: index + 1)
    levels.insert(levels[index], at: index + 1)
    counts.insert(counts[index], at: index + 1)
    return index + 1
  }

  private mutating func add(_ milliamps: Int, from: Int, to: Int) {
    let first = split(at: from)
    let end = split(at: to)
    for index in first..<end {
      levels[index] += milliamps
      counts[index] += 1
    }
  }
}
