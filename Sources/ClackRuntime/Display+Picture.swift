import ClackCore
import ClackHardware

extension Display {
  /// The PNG of the frame the board shows or turns to (a picture page's picture, its first
  /// frame), drawn as `clack render --png` draws it; nil when the board's preview cannot be
  /// made (a pixel board's font went missing).
  public func picture() -> [UInt8]? {
    if preview == nil { preview = try? board.preview() }
    return preview?.png(of: screen, scale: 2)
  }
}
