import ClackCore
import ClackRuntime
import Logging

/// A wall whose tiles differ in size leaves cells no tile shows (docs/walls.md).
extension Daemon {
  /// Says at the start which zones cover cells no tile shows: a message there is refused
  /// (`outside_tiles`), but a quote or a page laid out over them loses what falls there.
  static func warnOfGaps(_ layout: WallLayout, zones config: RuntimeConfig, logger: Logger) {
    for zone in config.resolvedZones(rows: layout.rows, cols: layout.cols) {
      let area = CellArea(row: zone.row, col: zone.col, rows: zone.rows, cols: zone.cols)
      guard let gap = layout.uncovered(within: area) else { continue }
      logger.warning(
        "zone '\(zone.name)' covers cells no tile of the wall shows (rows \(gap.row + 1)–\(gap.row + gap.rows), columns \(gap.col + 1)–\(gap.col + gap.cols)): messages reaching them are refused, and a quote or a page there loses what falls on them; give the wall zones within its tiles (docs/walls.md)"
      )
    }
  }
}
