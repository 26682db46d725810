/// Where each LED of an addressable chain (WS2812, SK6812, APA102) shows on the picture. A
/// chain runs through one or more panels, one after another; on each the LEDs follow rows
/// (left to right along the first) or columns (top to bottom along the first), every other
/// line running back on a serpentine panel. Each panel is mounted turned and mirrored as
/// `PanelGeometry` says and sits at its place on the canvas, so panels of any wiring tile one
/// picture. The map is worked out once; a frame loop only reads it.
public struct LEDChainLayout: Sendable, Hashable {
  /// One panel of the chain, as wired and as mounted.
  public struct Panel: Sendable, Hashable {
    /// Which way the chain runs on the panel as wired.
    public enum Order: String, Sendable, Hashable, CaseIterable {
      case rows
      case columns
    }

    /// The panel as wired, in LEDs.
    public var width: Int
    public var height: Int
    public var order: Order
    public var serpentine: Bool
    /// How it is mounted: its picture turned and mirrored (`PanelGeometry`).
    public var rotation: PanelGeometry.Rotation
    public var mirrorX: Bool
    public var mirrorY: Bool
    /// Its top left corner on the canvas.
    public var x: Int
    public var y: Int

    public init(
      width: Int, height: Int, order: Order = .rows, serpentine: Bool = true,
      rotation: PanelGeometry.Rotation = .none, mirrorX: Bool = false, mirrorY: Bool = false,
      x: Int = 0, y: Int = 0
    ) {
      self.width = width
      self.height = height
      self.order = order
      self.serpentine = serpentine
      self.rotation = rotation
      self.mirrorX = mirrorX
      self.mirrorY = mirrorY
      self.x = x
      self.y = y
    }

    var geometry: PanelGeometry {
      PanelGeometry(
        width: width, height: height, rotation: rotation, mirrorX: mirrorX, mirrorY: mirrorY)
    }

    /// LED `index` of this panel, on the panel as wired.
    func wiredPoint(ofLED index: Int) -> (x: Int, y: Int) {
      switch order {
      case .rows:
        let (row, along) = index.quotientAndRemainder(dividingBy: width)
        return (serpentine && row % 2 == 1 ? width - 1 - along : along, row)
      case .columns:
        let (column, along) = index.quotientAndRemainder(dividingBy: height)
        return (column, serpentine && column % 2 == 1 ? height - 1 - along : along)
      }
    }
  }

  public let canvasWidth: Int
  public let canvasHeight: Int
  public let panels: [Panel]
  /// For each LED in chain order, the canvas pixel it shows (`y × canvasWidth + x`).
  public let pixelOfLED: [Int]

  /// The LEDs in the chain.
  public var ledCount: Int { pixelOfLED.count }

  /// Panels must lie on the canvas without overlapping; the canvas is as large as they need.
  public init(panels: [Panel]) throws(LEDChainLayoutError) {
    guard !panels.isEmpty else { throw .noPanels }
    var width = 0
    var height = 0
    for (index, panel) in panels.enumerated() {
      guard panel.width > 0, panel.height > 0 else { throw .emptyPanel(index) }
      guard panel.x >= 0, panel.y >= 0 else { throw .offCanvas(index) }
      width = max(width, panel.x + panel.geometry.canvasWidth)
      height = max(height, panel.y + panel.geometry.canvasHeight)
    }
    var owner = [Int?](repeating: nil, count: width * height)
    var map: [Int] = []
    map.reserveCapacity(owner.count)
    for (index, panel) in panels.enumerated() {
      let geometry = panel.geometry
      for led in 0..<(panel.width * panel.height) {
        let wired = panel.wiredPoint(ofLED: led)
        let point = geometry.canvasPoint(x: wired.x, y: wired.y)
        let pixel = (panel.y + point.y) * width + panel.x + point.x
        if let other = owner[pixel] { throw .overlap(index, other) }
        owner[pixel] = index
        map.append(pixel)
      }
    }
    canvasWidth = width
    canvasHeight = height
    self.panels = panels
    pixelOfLED = map
  }
}

/// A chain layout that cannot be: each case names the panel (counted from 0).
public enum LEDChainLayoutError: Error, Equatable, CustomStringConvertible {
  case noPanels
  case emptyPanel(Int)
  case offCanvas(Int)
  case overlap(Int, Int)

  public var description: String {
    switch self {
    case .noPanels: "a chain needs at least one panel"
    case .emptyPanel(let index): "panel \(index) has no LEDs: give it a width and a height"
    case .offCanvas(let index): "panel \(index) starts left of or above the canvas: x and y from 0"
    case .overlap(let index, let other): "panel \(index) overlaps panel \(other): move its x or y"
    }
  }
}
