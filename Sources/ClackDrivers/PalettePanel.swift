import ClackCore
import ClackHAL

/// A colour display that shows whole `ColourCanvas` pictures: a chain of addressable LEDs or a
/// FlaschenTaschen server.
public protocol ColourOutput: AnyObject {
  /// The picture's size.
  var pictureWidth: Int { get }
  var pictureHeight: Int { get }
  /// Where it is connected (`/dev/spidev0.0`, `host:port`), for messages.
  var connection: String { get }
  var fault: HALError? { get }
  func setBrightness(_ level: Int)
  func show(_ canvas: ColourCanvas)
}

/// A colour display driven as any pixel panel: the frame loop draws palette canvases
/// (`PixelDepth.palette`), and each is coloured by the board's palette, then shown. The
/// output cannot be read back, so what was last written is all there is to know.
public final class PalettePanel<Output: ColourOutput>: PixelPanel {
  public let output: Output
  public let palette: ColourPalette
  public let geometry: PanelGeometry
  private var picture: ColourCanvas

  public init(output: Output, palette: ColourPalette) {
    self.output = output
    self.palette = palette
    geometry = PanelGeometry(width: output.pictureWidth, height: output.pictureHeight)
    picture = ColourCanvas(width: output.pictureWidth, height: output.pictureHeight)
  }

  public func start(brightness: Int) {
    output.setBrightness(brightness)
    picture.clear()
    output.show(picture)
  }

  public func show(_ canvas: PixelCanvas) {
    palette.colour(canvas, into: &picture)
    output.show(picture)
  }

  public func setBrightness(_ level: Int) {
    output.setBrightness(level)
    output.show(picture)
  }

  public var faultLines: [String] {
    output.fault.map { ["the display on \(output.connection): \($0.message)"] } ?? []
  }
  public var chipCount: Int { 1 }
  public func area(ofChip index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
    (0, 0, geometry.width, geometry.height)
  }
  public func fault(ofChip index: Int) -> (kind: HALErrorKind, message: String)? {
    output.fault.map { ($0.kind, "the display on \(output.connection): \($0.message)") }
  }
  public func isFaulted(chip index: Int) -> Bool { output.fault != nil }
}

extension ColourChainPanel: ColourOutput {
  public var pictureWidth: Int { layout.canvasWidth }
  public var pictureHeight: Int { layout.canvasHeight }
}

extension FlaschenTaschenDisplay: ColourOutput {
  public var pictureWidth: Int { width }
  public var pictureHeight: Int { height }
}
