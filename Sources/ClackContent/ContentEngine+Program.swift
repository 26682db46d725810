import Foundation

/// The run of show inside the engine: what a zone shows when no message has it.
extension ContentEngine {
  /// The indices of `zone`'s entries that take turns, in run-of-show order.
  func rotation(of zone: String) -> [Int] {
    rules.schedules.indices.filter {
      rules.schedules[$0].zone == zone && rules.schedules[$0].rotates
    }
  }

  /// How long entry `index` holds its zone: its dwell; in a zone that rotates, at least the
  /// zone's dwell; otherwise nil for a timed entry, which stands until the next comes due,
  /// and for one shown `while` its source holds something, which holds while that lasts.
  public func hold(ofEntry index: Int) -> TimeInterval? {
    guard rules.schedules.indices.contains(index) else { return nil }
    let entry = rules.schedules[index]
    if let dwell = entry.dwell { return dwell }
    if entry.condition != nil { return nil }
    return entry.rotates || !rotation(of: entry.zone).isEmpty ? rules.dwell : nil
  }

  /// True when entry `index` is drawn again each minute while on show.
  func refreshes(_ index: Int) -> Bool {
    rules.schedules.indices.contains(index) && rules.schedules[index].content.refreshes
  }

  /// The run of show's choice for `zone` at `now`.
  mutating func chooseProgram(_ zone: String, now: Date) -> ZoneProgram.Showing? {
    let rotation = rotation(of: zone)
    var program = programs[zone] ?? ZoneProgram()
    let showing = program.choose(
      now: now, rotation: rotation, dwell: rules.dwell, hold: { hold(ofEntry: $0) },
      refreshes: { refreshes($0) })
    programs[zone] = program
    return showing
  }

  /// Puts entry `index` on show next in its zone, before the line and the rotation: at once
  /// unless a message holds the zone. It holds the zone for its dwell (at least the zone's),
  /// and the rotation goes on after it.
  public mutating func pick(entry index: Int, now: Date) {
    guard rules.schedules.indices.contains(index) else { return }
    let zone = rules.schedules[index].zone
    var program = programs[zone] ?? ZoneProgram()
    program.picked = index
    program.showing = nil
    programs[zone] = program
  }

  /// The entry of the run of show on show in each zone (whether a message covers it or not;
  /// one taking the zone while its source holds first), and the entries waiting in line, in
  /// order.
  public func program(of zone: String) -> (showing: Int?, waiting: [Int]) {
    let program = programs[zone]
    var takingOver: Int?
    if let showing = current[zone], takesOver(showing.source),
      case .scheduled(let index, _) = showing.source
    {
      takingOver = index
    }
    return (takingOver ?? program?.showing?.index, program?.line.map(\.index) ?? [])
  }
}

extension ContentEngine {
  /// Live sources `names` brought new data at `now`: an entry on show that reads one is
  /// drawn again in place at the next decision (its turn goes on), and an `on_change` entry
  /// that reads one comes due, as at a change of the time.
  public mutating func sourcesChanged(_ names: Set<String>, now: Date) {
    for (index, entry) in rules.schedules.enumerated()
    where !entry.content.sources.isDisjoint(with: names) {
      var program = programs[entry.zone] ?? ZoneProgram()
      let takingOver = current[entry.zone].map { takesOver($0.source) && isEntry(index, $0) }
      if program.showing?.index == index || takingOver == true {
        redraw.insert(entry.zone)
      } else if entry.cadence == .onChange {
        program.fired(
          index, at: now, stands: entry.dwell == nil && rotation(of: entry.zone).isEmpty)
      }
      programs[entry.zone] = program
    }
  }

  private func isEntry(_ index: Int, _ showing: ZoneShowing) -> Bool {
    if case .scheduled(index, _) = showing.source { true } else { false }
  }
}
