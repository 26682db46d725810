import ClackCore
import ClackHAL

/// What the layers above drive on any LED panel, whatever its chips: start it, show whole
/// pictures (only what changed reaches the bus), set its brightness, and say which chips fail.
public protocol PixelPanel: AnyObject {
  /// The panel as wired and how pictures are turned onto it.
  var geometry: PanelGeometry { get }
  /// Switches the chips on with a blank picture; `brightness` 0–15.
  func start(brightness: Int)
  /// Shows a picture of `geometry.canvasWidth × canvasHeight`.
  func show(_ canvas: PixelCanvas)
  /// 0–15.
  func setBrightness(_ level: Int)
  /// One line per failing chip (empty when all work).
  var faultLines: [String] { get }
  /// The chips (a MAX7219 cascade counts as one: SPI has no acknowledge to tell its blocks
  /// apart).
  var chipCount: Int { get }
  /// The LEDs chip `index` drives, on the panel as wired.
  func area(ofChip index: Int) -> (x: Int, y: Int, width: Int, height: Int)
  /// Why chip `index` fails, or nil while it works (allocates only to say why).
  func fault(ofChip index: Int) -> (kind: HALErrorKind, message: String)?
  /// True while chip `index` fails (no allocation: the frame loop asks every frame).
  func isFaulted(chip index: Int) -> Bool
  /// Reads what the chips hold back into `canvas` (picture coordinates, 0–255 with the
  /// panel's dimming), for chips whose memory can be read; false when this panel's cannot
  /// (then what was last written is all there is to know). Allocates nothing.
  func readBack(into canvas: inout PixelCanvas) -> Bool
}

extension PixelPanel {
  public func readBack(into canvas: inout PixelCanvas) -> Bool { false }
}
