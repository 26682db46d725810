/// How a panel's LEDs relate to the picture drawn for it: the panel as wired is `width ×
/// height` LEDs; the picture is turned by `rotation` (clockwise, in quarter turns) and
/// mirrored, so a panel mounted upside down or sideways still shows the picture upright.
public struct PanelGeometry: Sendable, Hashable {
  /// A turn of the picture, clockwise: none, or one, two or three quarter turns.
  public enum Rotation: Int, Sendable, Hashable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// Degrees clockwise, as board files write it.
    public var degrees: Int { rawValue }
  }

  public let width: Int
  public let height: Int
  public let rotation: Rotation
  public let mirrorX: Bool
  public let mirrorY: Bool

  public init(
    width: Int, height: Int, rotation: Rotation = .none, mirrorX: Bool = false,
    mirrorY: Bool = false
  ) {
    self.width = width
    self.height = height
    self.rotation = rotation
    self.mirrorX = mirrorX
    self.mirrorY = mirrorY
  }

  /// The picture's size: the panel's, or swapped for a quarter turn.
  public var canvasWidth: Int { turnsSideways ? height : width }
  public var canvasHeight: Int { turnsSideways ? width : height }

  /// A quarter turn either way swaps the picture's width and height.
  private var turnsSideways: Bool { rotation == .quarter || rotation == .threeQuarters }

  /// The picture's pixel shown by the LED at (x, y) of the panel as wired.
  public func canvasPoint(x: Int, y: Int) -> (x: Int, y: Int) {
    let x = mirrorX ? width - 1 - x : x
    let y = mirrorY ? height - 1 - y : y
    switch rotation {
    case .quarter: return (y, width - 1 - x)
    case .half: return (width - 1 - x, height - 1 - y)
    case .threeQuarters: return (height - 1 - y, x)
    case .none: return (x, y)
    }
  }
}
