import ClackCore
import Synchronization

/// The symbols a zone is laid out in. On a wall of mixed tiles (flaps beside an LED panel)
/// each tile has its own: a zone on the flaps is laid out in the flaps' symbols (lower-case
/// text becomes capitals there), one on the panel in its font's. A zone over several tiles
/// is laid out in the symbols they all have, so every tile can show its part.
extension ZoneRenderer {
  public func flapSet(for zone: ZoneSpec) -> FlapSet {
    let under = areas.filter {
      $0.overlaps(row: zone.row, col: zone.col, rows: zone.rows, cols: zone.cols)
    }
    guard let first = under.first else { return flapSet }
    guard under.contains(where: { $0.flapSet != first.flapSet }) else { return first.flapSet }
    return sharedFlapSets.shared(by: under.map(\.flapSet))
  }
}

/// The symbols several areas share, made once per set of areas.
final class SharedFlapSetCache: Sendable {
  private let entries = Mutex<[[FlapSet]: FlapSet]>([:])

  func shared(by flapSets: [FlapSet]) -> FlapSet {
    if let known = entries.withLock({ $0[flapSets] }) { return known }
    let others = flapSets.dropFirst()
    let symbols = flapSets[0].symbols.filter { symbol in
      others.allSatisfy { $0.contains(symbol) }
    }
    let name = flapSets.map(\.name).reduce(into: [String]()) { names, name in
      if !names.contains(name) { names.append(name) }
    }.joined(separator: " ∩ ")
    // Every flap set has the blank, so the shared one does: two symbols at least unless the
    // sets share nothing else, when the blank and the fallback `?` of layout must do.
    let shared =
      (try? FlapSet(name: name, symbols: symbols))
      ?? (try? FlapSet(name: name, symbols: [.blank, .glyph("?")])) ?? flapSets[0]
    entries.withLock {
      if $0.count >= 16 { $0.removeAll() }  // a few zones at most; a new config, new keys
      $0[flapSets] = shared
    }
    return shared
  }
}
