import ClackBoard
import ClackContent
import ClackCore

extension RuntimeConfig {
  /// Why `entry` cannot show its picture page on `board`, or nil when it can (or shows no
  /// picture): a picture needs a pixel (LED) board and covers the whole of it, so its zone
  /// must be the whole board; on a wall, it covers one LED tile, so its zone must be exactly
  /// that tile.
  public func pictureRefusal(_ entry: ScheduleEntry, board: BoardDefinition) -> String? {
    guard case .page(let page) = entry.content, case .picture = page.template else { return nil }
    let zones = resolvedZones(rows: board.rows, cols: board.cols)
    let zone = zones.first { $0.name == entry.zone }
    if !board.pictureAreas.isEmpty {
      guard let zone else { return nil }
      let cells = CellArea(row: zone.row, col: zone.col, rows: zone.rows, cols: zone.cols)
      guard !board.pictureAreas.contains(cells) else { return nil }
      let tiles = board.pictureAreas.map(Self.describe).joined(separator: "; ")
      return "page '\(page.name)' is a picture, shown on one LED tile of the wall: zone "
        + "'\(zone.name)' (\(Self.describe(cells))) is not an LED tile's; give it a zone that "
        + "is exactly one (\(tiles))"
    }
    guard board.pixels != nil else {
      return "page '\(page.name)' is a picture: only a pixel (LED) board shows pictures, and "
        + "\(board.name) is a flap board"
    }
    guard let zone,
      zone.row != 0 || zone.col != 0 || zone.rows != board.rows || zone.cols != board.cols
    else { return nil }
    return "page '\(page.name)' is a picture, shown on the whole board: zone '\(zone.name)' "
      + "(rows \(zone.row + 1)-\(zone.row + zone.rows), cols \(zone.col + 1)-\(zone.col + zone.cols)) "
      + "is not the whole \(board.rows) × \(board.cols) board; give it a zone that is"
  }

  /// `rows 7-8, cols 1-10`, counted from 1 as the config file counts.
  private static func describe(_ area: CellArea) -> String {
    "rows \(area.row + 1)-\(area.row + area.rows), cols \(area.col + 1)-\(area.col + area.cols)"
  }
}
