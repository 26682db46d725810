import ClackBoard
import ClackCore
import Foundation

extension FuzzTarget {
  /// A board file of either kind, as `clack run --board` reads it. A pixel board's grid is
  /// worked out with the built-in font only: a font file is the font targets' to fuzz, and
  /// the fuzzer must not read the disk.
  static let board = FuzzTarget(
    name: "board", reads: "a board file (YAML): a flap board, or a pixel board with its grid"
  ) { bytes in
    let yaml = String(decoding: bytes, as: UTF8.self)
    guard PixelBoardDefinition.isPixelBoard(yaml: yaml) else {
      guard let board = try? BoardDefinition.parse(yaml: yaml, file: "board.yaml") else {
        return false
      }
      expect(board.offsets.count == board.moduleCount, "an offset for each module")
      expect(
        (1...BoardDefinition.maxRows).contains(board.rows)
          && (1...BoardDefinition.maxCols).contains(board.cols), "a board within its limits")
      expect(board.maxMoving >= 1, "a board that can move")
      return true
    }
    guard let pixels = try? PixelBoardDefinition.parse(yaml: yaml, file: "board.yaml") else {
      return false
    }
    guard pixels.font == "builtin-5x7" else { return true }
    guard let grid = try? pixels.characterGrid(file: "board.yaml") else { return false }
    let board = pixels.characterBoard(grid: grid)
    expect(board.moduleCount == grid.rows * grid.cols, "a cell for each of the grid's places")
    return true
  }
}
