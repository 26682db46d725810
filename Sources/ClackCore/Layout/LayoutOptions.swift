/// Horizontal placement of each line.
public enum Justify: String, CaseIterable, Sendable, Codable {
  /// `justified` spreads the words of every full line to both edges; a paragraph's last line
  /// stays left-aligned, as in print.
  case left, center, right, justified
}

/// Vertical placement of the block of lines.
public enum Align: String, CaseIterable, Sendable, Codable {
  case top, center, bottom
}

public struct LayoutOptions: Hashable, Sendable {
  public var justify: Justify
  public var align: Align
  /// When true, characters the flap set lacks are replaced by `FlapSet.substitute` (`?`, or
  /// blank when the set has no `?`) instead of failing the layout.
  public var lenient: Bool

  public init(justify: Justify = .center, align: Align = .center, lenient: Bool = false) {
    self.justify = justify
    self.align = align
    self.lenient = lenient
  }
}
