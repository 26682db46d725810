import ClackCore

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
}
