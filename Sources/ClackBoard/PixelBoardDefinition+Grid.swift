import ClackCore

extension PixelBoardDefinition {
  /// The board's font, loaded from the system, and the character grid it makes on the panel
  /// (as the picture is turned onto it). Errors name the board file and the field.
  public func characterGrid(file: String) throws(BoardFileError) -> PixelGrid {
    let font: PixelFont
    do {
      font = try PixelFontFile.load(self.font, size: fontSize)
    } catch {
      throw BoardFileError(file: file, line: nil, column: nil, field: "font", message: "\(error)")
    }
    do {
      return try PixelGrid(
        width: geometry.canvasWidth, height: geometry.canvasHeight, font: font,
        lineSpacing: lineSpacing)
    } catch {
      throw BoardFileError(file: file, line: nil, column: nil, field: "panel", message: "\(error)")
    }
  }
}
