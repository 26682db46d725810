import ClackBoard
import ClackCore

/// A board as the commands that need no daemon see it (`clack render`, `quote`,
/// `board check`), whatever its kind: the character grid text is laid out in, how a frame on
/// it looks in a terminal (flaps as characters or Unifont's glyphs, an LED panel as half
/// blocks) and in a PNG, and the file's check with its twin's bus self-test. Which kind a
/// board is gets decided once, in `BoardDefinition.preview`, as `BoardRunner` decides its drive.
public protocol BoardPreview: Sendable {
  /// What to call the board in a message.
  var name: String { get }
  /// The character grid text is laid out in.
  var layout: TextLayout { get }
  /// The script text is written in when none is asked for (the script rune flaps show).
  var defaultScript: RunicScript { get }
  /// For a board whose full-width line scrolls when too long (an LED panel): its columns and
  /// the longest line, in cells; nil for flaps, which never scroll.
  var scrolling: (boardCols: Int, maxCells: Int)? { get }
  /// `frame` as the board shows it, for standard output, with a PNG written when
  /// `style.png` names a file (`notes` says what was written, or warns).
  func picture(of frame: Frame, style: PreviewStyle) throws(PreviewFailure)
    -> (picture: String, notes: String)
  /// `frame` as a PNG picture, as `picture` writes it (`scale` is a flap picture's image
  /// pixels a font pixel; a panel's LEDs have their own size): what Home Assistant's image
  /// entity shows.
  func png(of frame: Frame, scale: Int) -> [UInt8]
  /// `screen` as a PNG picture: its frame, or on a panel the picture on it (its first frame,
  /// fitted as the panel shows it).
  func png(of screen: Screen, scale: Int) -> [UInt8]
  /// The line after a laid-out text: how much of the board it fills, and what the board is.
  func figures(of laid: LaidOutText) -> String
  /// The board file (at `file`) summarised; with `simulate`, its simulated twin is built and
  /// put through a bus self-test, and a fault is a failure listing the summary and each fault.
  func check(file: String, simulate: Bool) throws(PreviewFailure) -> String
}

extension BoardPreview {
  /// A board without pictures shows a screen's frame.
  public func png(of screen: Screen, scale: Int) -> [UInt8] { png(of: screen.frame, scale: scale) }
}

/// How to picture a frame.
public struct PreviewStyle: Sendable {
  /// ANSI colours for colour tiles.
  public var color: Bool
  /// Standard output is a terminal: signs its font may lack are drawn, sized to it.
  public var isTerminal: Bool
  /// Lines to keep free below the picture, for what is printed after it.
  public var reservedLines: Int
  /// A PNG to write too, and the size of one font pixel in it (flaps; a panel's LEDs have
  /// their own size).
  public var png: String?
  public var pngScale: Int

  public init(
    color: Bool, isTerminal: Bool, reservedLines: Int = 3, png: String? = nil, pngScale: Int = 4
  ) {
    (self.color, self.isTerminal, self.reservedLines) = (color, isTerminal, reservedLines)
    (self.png, self.pngScale) = (png, pngScale)
  }
}

/// Why a preview or a check failed, for the user.
public struct PreviewFailure: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

extension BoardDefinition {
  /// The board's preview: its panel's for a pixel board, its flaps' otherwise. The only place
  /// above the drives that asks which kind a board is.
  public func preview() throws(BoardFileError) -> any BoardPreview {
    if let pixels { return try PixelBoardPreview(board: pixels) }
    return FlapBoardPreview(board: self)
  }
}
