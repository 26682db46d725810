/// How a panel's LEDs relate to the picture drawn for it: the panel as wired is `width ×
/// height` LEDs; the picture is turned by `rotation` (clockwise, in quarter turns) and
/// mirrored, so a panel mounted upside down or sideways still shows the picture upright.
public struct PanelGeometry: Sendable, Hashable {
  public let width: Int
  public let height: Int
  /// 0, 90, 180 or 270 degrees clockwise.
  public let rotation: Int
  public let mirrorX: Bool
  public let mirrorY: Bool

  public init(
    width: Int, height: Int, rotation: Int = 0, mirrorX: Bool = false, mirrorY: Bool = false
  ) {
    precondition([0, 90, 180, 270].contains(rotation), "rotation is a quarter turn")
    self.width = width
    self.height = height
    self.rotation = rotation
    self.mirrorX = mirrorX
    self.mirrorY = mirrorY
  }

  /// The picture's size: the panel's, or swapped for a quarter turn.
  public var canvasWidth: Int { rotation % 180 == 0 ? width : height }
  public var canvasHeight: Int { rotation % 180 == 0 ? height : width }

  /// The picture's pixel shown by the LED at (x, y) of the panel as wired.
  public func canvasPoint(x: Int, y: Int) -> (x: Int, y: Int) {
    let x = mirrorX ? width - 1 - x : x
    let y = mirrorY ? height - 1 - y : y
    switch rotation {
    case 90: return (y, width - 1 - x)
    case 180: return (width - 1 - x, height - 1 - y)
    case 270: return (height - 1 - y, x)
    default: return (x, y)
    }
  }
}
