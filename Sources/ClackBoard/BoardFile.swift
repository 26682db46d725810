import ClackCore

/// A board file of either kind, for what drives both (the daemon): a split-flap board as it
/// is, a pixel board as its character grid with its panel beside it.
public enum BoardFile {
  /// Reads a board file of either kind. A pixel board's font is loaded here, so a missing
  /// font is reported before anything starts.
  public static func load(path: String) throws(BoardFileError) -> BoardDefinition {
    let yaml = try YAMLReader.text(atPath: path)
    guard PixelBoardDefinition.isPixelBoard(yaml: yaml) else {
      return try BoardDefinition.parse(yaml: yaml, file: path)
    }
    let pixels = try PixelBoardDefinition.parse(yaml: yaml, file: path)
    return pixels.characterBoard(grid: try pixels.characterGrid(file: path))
  }
}

extension PixelBoardDefinition {
  /// The board as the layers above the drivers see it: `grid.rows × grid.cols` cells whose
  /// symbols are the font's (`grid.symbolSet()`), row-major, every cell free to change at
  /// once.
  public func characterBoard(grid: PixelGrid) -> BoardDefinition {
    let count = grid.rows * grid.cols
    var simulation = SimulationParameters()
    simulation.always = simulatedOnly
    var board = BoardDefinition(
      name: name, description: description, rows: grid.rows, cols: grid.cols,
      order: .rowMajor, flapSet: grid.symbolSet(), hardware: nil, motion: MotionProfile(),
      offsets: Array(repeating: 0, count: count), reversed: Array(repeating: false, count: count),
      movingLimit: count, simulation: simulation)
    board.pixels = self
    return board
  }
}
