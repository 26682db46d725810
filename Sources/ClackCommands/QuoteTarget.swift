import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import Foundation

/// What `clack quote` lays a quote out for: a flap board (a file, or a size and flap set), or
/// an LED board's character grid, with the renderer the daemon would use for it (a full-width
/// zone of an LED board scrolls).
struct QuoteTarget {
  let name: String
  let layout: TextLayout
  let renderer: ZoneRenderer
  let pixels: (board: PixelBoardDefinition, grid: PixelGrid)?

  init(board options: BoardOptions) throws {
    if let file = options.board,
      let yaml = try? String(contentsOfFile: file, encoding: .utf8),
      PixelBoardDefinition.isPixelBoard(yaml: yaml)
    {
      let board = try PixelBoardDefinition.load(path: file)
      let grid = try board.characterGrid(file: file)
      name = board.name
      layout = TextLayout(rows: grid.rows, cols: grid.cols, flapSet: grid.symbolSet())
      pixels = (board, grid)
      renderer = ZoneRenderer(
        flapSet: layout.flapSet, timeZone: TimeZone(identifier: "UTC") ?? .current,
        scrolling: (grid.cols, PixelDrive.lineCapacity))
    } else {
      layout = try options.layout()
      name = options.board.map { "\($0)" } ?? "the built-in board"
      pixels = nil
      renderer = ZoneRenderer(
        flapSet: layout.flapSet, timeZone: TimeZone(identifier: "UTC") ?? .current)
    }
  }
}
