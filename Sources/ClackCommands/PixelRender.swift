import ClackBoard
import ClackCore
import Foundation

/// `clack render --board LED.yaml`: text laid out in a pixel board's character grid, drawn
/// into its pixels, printed as half blocks and optionally pictured as the panel's LEDs.
struct PixelRender {
  let file: String
  let text: String
  let options: LayoutOptions
  let png: String?
  let json: Bool

  func output() throws -> String {
    let board = try PixelBoardDefinition.load(path: file)
    let grid = try board.characterGrid(file: file)
    let font = grid.text.font
    let geometry = board.geometry
    let layout = TextLayout(rows: grid.rows, cols: grid.cols, flapSet: grid.symbolSet())
    let laid: LaidOutText
    do {
      laid = try layout.layout(text, options: options)
    } catch {
      throw CommandFailure("\(error)")
    }
    let (picture, notes) = try Self.draw(laid.frame, board: board, grid: grid, png: png)
    if json {
      FileHandle.standardError.write(Data(notes.utf8))
      return try FrameOutput.json(laid.frame, extra: [("characters", "\(laid.characterCount)")])
    }
    return picture
      + "\(laid.characterCount) of \(laid.capacity) characters, \(laid.lineCount) of "
      + "\(grid.rows) rows: \(board.name), \(geometry.width)×\(geometry.height) LEDs in \(font.name)\n"
      + notes
  }

  /// `frame` (in the board's character grid) drawn into its LEDs: as half blocks, and as a
  /// PNG of the panel when `png` names a file (the note says what was written).
  static func draw(_ frame: Frame, board: PixelBoardDefinition, grid: PixelGrid, png: String?)
    throws -> (halfBlocks: String, notes: String)
  {
    let geometry = board.geometry
    var canvas = PixelCanvas(
      width: geometry.canvasWidth, height: geometry.canvasHeight, depth: board.depth)
    grid.draw(frame, into: &canvas)
    var notes = ""
    if let png {
      let bitmap = PanelPicture().draw(canvas)
      let bytes = PNGEncoder.encode(bitmap)
      do {
        try Data(bytes).write(to: URL(fileURLWithPath: png), options: .atomic)
      } catch {
        throw CommandFailure(
          "could not write the picture to \(png): \(error.localizedDescription)")
      }
      notes = "wrote \(png) (\(bitmap.width)×\(bitmap.height) px, \(bytes.count) bytes)\n"
    }
    return (HalfBlockPicture.render(canvas), notes)
  }
}
