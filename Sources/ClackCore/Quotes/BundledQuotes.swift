/// The quotes that ship with Clack: public domain (every author died more than 70 years ago),
/// each short enough to show with its author on a 6×22 board.
public enum BundledQuotes {
  /// An author of the bundled library and the year they died (negative for BC).
  public struct Author: Hashable, Sendable {
    public let name: String
    public let diedIn: Int
  }

  /// All bundled quotes, in library order (grouped by author, oldest first).
  public static let all: [Quote] = parsed.quotes

  /// Every author of the library with the year they died.
  public static let authors: [Author] = parsed.authors

  private static let parsed: (quotes: [Quote], authors: [Author]) = parse(
    [part1, part2, part3].joined(separator: "\n"))

  /// Parses the library format: "@ Name | year" starts an author; other lines are quotes.
  static func parse(_ text: String) -> (quotes: [Quote], authors: [Author]) {
    var quotes: [Quote] = []
    var authors: [Author] = []
    for rawLine in text.split(separator: "\n") {
      let line = trimSpaces(rawLine)
      guard !line.isEmpty else { continue }
      if line.hasPrefix("@") {
        let fields = line.dropFirst().split(separator: "|")
        let name = fields.first.map { trimSpaces($0) } ?? ""
        let year = fields.count > 1 ? Int(trimSpaces(fields[1])) : nil
        // A malformed author line gets an impossible year, which the library test reports.
        authors.append(Author(name: name, diedIn: year ?? Int.max))
      } else if let author = authors.last {
        quotes.append(Quote(text: line, author: author.name))
      }
    }
    return (quotes, authors)
  }
}

/// Drops leading and trailing spaces (the library is indented inside a Swift literal).
private func trimSpaces(_ text: Substring) -> String {
  String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
}
