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

extension ZoneRenderer {
  /// Refuses a message whose frame puts a symbol on cells no area covers (a gap a wall's
  /// tiles of different sizes leave), which no board shows: it would be lost, not shown.
  func checkShown(_ frame: Frame, in zone: ZoneSpec) throws(UnshownCells) {
    guard !areas.isEmpty else { return }
    for row in 0..<frame.rows {
      let lost = (0..<frame.cols).filter { col in
        frame[row, col] != .blank
          && !areas.contains {
            $0.contains(row: zone.row + row, col: zone.col + col, rows: 1, cols: 1)
          }
      }
      guard let first = lost.first, let last = lost.last else { continue }
      throw UnshownCells(
        row: zone.row + row + 1, firstCol: zone.col + first + 1, lastCol: zone.col + last + 1)
    }
  }
}

/// A message that would put symbols where no tile of the wall shows them. Rows and columns
/// of the canvas, from 1.
public struct UnshownCells: Error, Equatable, Sendable, CustomStringConvertible {
  public let row: Int
  public let firstCol: Int
  public let lastCol: Int

  public var description: String {
    let columns = firstCol == lastCol ? "column \(firstCol)" : "columns \(firstCol)–\(lastCol)"
    return "the message reaches row \(row), \(columns) of the wall, where no tile shows it: "
      + "send it to a zone within the tiles, or make it shorter"
  }
}
