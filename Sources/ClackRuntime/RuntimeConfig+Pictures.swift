import ClackBoard
import ClackContent

extension RuntimeConfig {
  /// Why `entry` cannot show its picture page on `board`, or nil when it can (or shows no
  /// picture): a picture needs a pixel (LED) board and covers the whole of it, so its zone
  /// must be the whole board.
  public func pictureRefusal(_ entry: ScheduleEntry, board: BoardDefinition) -> String? {
    guard case .page(let page) = entry.content, case .picture = page.template else { return nil }
    guard board.pixels != nil else {
      return "page '\(page.name)' is a picture: only a pixel (LED) board shows pictures, and "
        + "\(board.name) is a flap board"
    }
    let zones = resolvedZones(rows: board.rows, cols: board.cols)
    guard let zone = zones.first(where: { $0.name == entry.zone }),
      zone.row != 0 || zone.col != 0 || zone.rows != board.rows || zone.cols != board.cols
    else { return nil }
    return "page '\(page.name)' is a picture, shown on the whole board: zone '\(zone.name)' "
      + "(rows \(zone.row + 1)-\(zone.row + zone.rows), cols \(zone.col + 1)-\(zone.col + zone.cols)) "
      + "is not the whole \(board.rows) × \(board.cols) board; give it a zone that is"
  }
}
