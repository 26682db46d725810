/// The kind of display a board is: from the drive that shows it to the API's `kind`.
public enum BoardKind: String, Sendable, Hashable, Codable, CaseIterable {
  case splitFlap = "split-flap"
  case pixels
}

/// What an LED panel shows: its picture, and the levels it was drawn at.
public struct LitLEDs: Sendable, Hashable {
  public let canvas: PixelCanvas
  /// Levels of grey a pixel can take (`mono`, `grey`).
  public let depth: PixelDepth
  /// 0–15.
  public let brightness: Int
  /// A colour panel's colours, by which its palette canvas is shown; nil on the others.
  public let palette: ColourPalette?

  public init(
    canvas: PixelCanvas, depth: PixelDepth, brightness: Int, palette: ColourPalette? = nil
  ) {
    self.canvas = canvas
    self.depth = depth
    self.brightness = brightness
    self.palette = palette
  }
}
