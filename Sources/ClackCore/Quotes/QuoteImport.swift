import Foundation

/// Reads user quotes from CSV or JSON and checks each one against a board, keeping the good
/// ones and reporting every bad one with where it is. Persisting them is the store's job.
public struct QuoteImport: Sendable {
  /// What an import produced: the valid quotes, and one problem per rejected entry.
  public struct Result: Sendable, Equatable {
    public var quotes: [Quote] = []
    public var problems: [Problem] = []
  }

  /// A rejected entry. `location` reads "line 4" for CSV and "entry 3" (0-based, as in the
  /// JSON array) for JSON.
  public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    public let location: String
    public let message: String
    public var description: String { "\(location): \(message)" }
  }

  /// A file that could not be read at all (as opposed to single bad entries).
  public enum FileError: Error, Equatable, CustomStringConvertible {
    case csv(String)
    case json(String)
    public var description: String {
      switch self {
      case .csv(let message): "not valid CSV: \(message)"
      case .json(let message): "not valid JSON: \(message)"
      }
    }
  }

  /// The board quotes must fit on; quotes are checked with `QuoteFormatter`.
  public let formatter: QuoteFormatter

  public init(layout: TextLayout = TextLayout(rows: 6, cols: 22, flapSet: .vestaboard)) {
    self.formatter = QuoteFormatter(layout: layout)
  }

  /// CSV with a header row naming the columns `text` and `author` (any order, any case; other
  /// columns are ignored).
  public func importCSV(_ text: String) throws(FileError) -> Result {
    let records: [CSVParser.Record]
    do {
      records = try CSVParser.parse(text)
    } catch {
      switch error {
      case .unterminatedQuote(let line):
        throw .csv("a quoted field starting on line \(line) is never closed")
      case .stray(let line):
        throw .csv("text after a closing quote on line \(line)")
      }
    }
    guard let header = records.first else { throw .csv("the file is empty") }
    let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    guard let textColumn = names.firstIndex(of: "text"),
      let authorColumn = names.firstIndex(of: "author")
    else {
      throw .csv(
        "line \(header.line): the header must name the columns 'text' and 'author' "
          + "(found: \(header.fields.joined(separator: ", ")))")
    }
    var result = Result()
    var seen = Set<String>()
    for record in records.dropFirst() {
      let location = "line \(record.line)"
      guard record.fields.count == header.fields.count else {
        result.problems.append(
          Problem(
            location: location,
            message: "has \(record.fields.count) fields, the header has \(header.fields.count)"))
        continue
      }
      validate(
        text: record.fields[textColumn], author: record.fields[authorColumn],
        at: location, seen: &seen, into: &result)
    }
    return result
  }

  /// JSON: an array of objects with string fields `text` and `author`.
  public func importJSON(_ data: Data) throws(FileError) -> Result {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw .json("the file does not parse (\(error.localizedDescription))")
    }
    guard let entries = root as? [Any] else {
      throw .json("the top level must be an array of {\"text\": …, \"author\": …} objects")
    }
    var result = Result()
    var seen = Set<String>()
    for (index, entry) in entries.enumerated() {
      let location = "entry \(index)"
      guard let object = entry as? [String: Any] else {
        result.problems.append(Problem(location: location, message: "is not an object"))
        continue
      }
      guard let text = object["text"] as? String else {
        result.problems.append(
          Problem(location: location, message: "'text' is missing or not a string"))
        continue
      }
      guard let author = object["author"] as? String else {
        result.problems.append(
          Problem(location: location, message: "'author' is missing or not a string"))
        continue
      }
      validate(text: text, author: author, at: location, seen: &seen, into: &result)
    }
    return result
  }

  private func validate(
    text rawText: String, author rawAuthor: String, at location: String,
    seen: inout Set<String>, into result: inout Result
  ) {
    let text = rawText.trimmingCharacters(in: .whitespacesAndNewlines)
    let author = rawAuthor.trimmingCharacters(in: .whitespacesAndNewlines)
    func reject(_ message: String) {
      result.problems.append(Problem(location: location, message: message))
    }
    if text.isEmpty { return reject("the quote text is empty") }
    if author.isEmpty { return reject("the author is empty") }
    let quote = Quote(text: text, author: author)
    do {
      _ = try formatter.frame(for: quote)
    } catch {
      return reject(
        "cannot be shown on a \(formatter.layout.rows)×\(formatter.layout.cols) board: \(error)")
    }
    guard seen.insert(text.lowercased()).inserted else {
      return reject("repeats an earlier quote in this file")
    }
    result.quotes.append(quote)
  }
}
