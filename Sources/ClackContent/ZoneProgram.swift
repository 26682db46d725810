import Foundation

/// Where one zone's run of show stands: the entry on show, the timed entries that came due
/// and wait their turn, the place in the rotation, and the standing entry the zone comes back
/// to. The collision rule (docs/content.md): entries due while another holds the zone wait in
/// line, ordered by when they last came due and then by their place in the run of show; one
/// that comes due again while waiting keeps one place, moved to the back, and shows its latest
/// content. Each then shows for its dwell; the rotation resumes when the line is empty.
struct ZoneProgram: Sendable, Hashable {
  /// An entry coming due at an instant.
  struct Fire: Sendable, Hashable {
    var index: Int
    var at: Date
  }

  /// The entry on show: since when, as of which instant it is drawn, and until when it holds
  /// the zone (nil: until another comes due).
  struct Showing: Sendable, Hashable {
    var index: Int
    var since: Date
    var asOf: Date
    var until: Date?
  }

  var showing: Showing?
  /// Timed entries that came due, in line.
  var line: [Fire] = []
  /// An entry picked by hand: next, before the line.
  var picked: Int?
  /// The latest fire of a timed entry with no dwell, in a zone without a rotation.
  var standing: Fire?
  /// The place in the zone's rotation of the next entry to show.
  var nextInRotation = 0

  /// Records that entry `index` came due `at`.
  mutating func fired(_ index: Int, at: Date, stands: Bool) {
    line.removeAll { $0.index == index }
    let fire = Fire(index: index, at: at)
    let place = line.firstIndex { ($0.at, $0.index) > (at, index) } ?? line.endIndex
    line.insert(fire, at: place)
    if stands, at >= standing?.at ?? .distantPast { standing = fire }
  }

  /// A message took the zone: the entry on show has had its turn.
  mutating func interrupt() { showing = nil }

  /// What the zone shows at `now` when no message has it: the entry on show while it holds;
  /// else the one picked by hand, the line, the rotation, the standing entry, in that order.
  /// `rotation` is the indices of this zone's rotating entries; `hold` is how long an entry
  /// holds the zone (nil: until another comes due), and one picked by hand holds it at least
  /// `dwell`.
  mutating func choose(
    now: Date, rotation: [Int], dwell: TimeInterval, hold: (Int) -> TimeInterval?,
    refreshes: (Int) -> Bool
  ) -> Showing? {
    if var current = showing, let until = current.until, now < until {
      if refreshes(current.index) { current.asOf = Self.minute(of: now, since: current.since) }
      showing = current
      return current
    }
    if let index = picked {
      picked = nil
      line.removeAll { $0.index == index }
      if let place = rotation.firstIndex(of: index) { nextInRotation = place + 1 }
      return show(index, asOf: now, now: now, hold: hold(index) ?? dwell)
    }
    while !line.isEmpty {
      let fire = line.removeFirst()
      let entryHold = hold(fire.index)
      // One that would stand only until the next comes due gives way to the next at once.
      if entryHold == nil, !line.isEmpty { continue }
      return show(fire.index, asOf: fire.at, now: now, hold: entryHold)
    }
    if !rotation.isEmpty {
      let index = rotation[nextInRotation % rotation.count]
      nextInRotation = (nextInRotation + 1) % rotation.count
      return show(index, asOf: now, now: now, hold: hold(index))
    }
    if let standing, showing?.index != standing.index || showing?.asOf != standing.at {
      return show(standing.index, asOf: standing.at, now: now, hold: nil)
    }
    if var current = showing, refreshes(current.index) {
      current.asOf = Self.minute(of: now, since: current.since)
      showing = current
    }
    return showing
  }

  private mutating func show(_ index: Int, asOf: Date, now: Date, hold: TimeInterval?)
    -> Showing
  {
    let next = Showing(index: index, since: now, asOf: asOf, until: hold.map { now + $0 })
    showing = next
    return next
  }

  /// The start of `now`'s minute, or `since` when that is later: what an entry that refreshes
  /// is drawn as of.
  static func minute(of now: Date, since: Date) -> Date {
    max(since, Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60))
  }

  /// The next time at which the entry on show stops holding or is drawn again.
  func nextChange(after now: Date, refreshes: (Int) -> Bool) -> Date? {
    guard let showing else { return nil }
    var times: [Date] = []
    if let until = showing.until, until > now { times.append(until) }
    if refreshes(showing.index) { times.append(Self.nextMinute(after: now)) }
    return times.min()
  }

  /// The next whole minute after `now`: when a page that shows the time is drawn again.
  static func nextMinute(after now: Date) -> Date {
    Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60)
  }
}
