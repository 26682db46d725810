import ArgumentParser
import ClackAPI
import ClackCore
import Foundation

/// `clack quotes [today|list|add|import|rm]`: the daemon's quote library.
struct QuotesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quotes",
    abstract: "Today's quote, and the daemon's quote library: list, add, import, rm.",
    discussion: """
      The library is the bundled quotes plus your own. 'import' reads a CSV file whose header \
      row names the columns text and author (in any order), or a .json file holding an array \
      of {"text": …, "author": …} objects; quotes that do not fit a 6×22 board are reported with \
      their line (or entry) and skipped. The offline 'clack quote' shows bundled quotes \
      without a daemon.
      """)

  enum Action: String, ExpressibleByArgument, CaseIterable {
    case today, list, add, `import`, rm
  }

  @Argument(help: "today (default), list, add, import or rm.")
  var action: Action = .today

  @Argument(help: "The quote's text (add), the CSV or .json file (import) or the quote's id (rm).")
  var value: String?

  @Option(help: "The author, for add.")
  var author: String?

  @OptionGroup var client: ClientOptions

  func validate() throws {
    switch action {
    case .today, .list:
      if let value { throw ValidationError("unexpected '\(value)'") }
    case .add:
      guard value != nil, author != nil else {
        throw ValidationError(
          "add needs the text and --author, as in: clack quotes add \"…\" --author \"…\"")
      }
    case .import:
      guard value != nil else { throw ValidationError("import needs a CSV or .json file") }
    case .rm:
      guard let value, Int(value) != nil else { throw ValidationError("rm needs a quote id") }
    }
  }

  func run() async throws {
    let api = try client.client()
    switch action {
    case .today:
      let (quote, reply) = try await api.get("api/v1/quotes/today", as: QuoteOfTheDayView.self)
      if client.json { return client.printJSON(reply) }
      print("\(quote.text) — \(quote.author)")
    case .list:
      let (answer, reply) = try await api.get("api/v1/quotes", as: QuoteList.self)
      if client.json { return client.printJSON(reply) }
      for quote in answer.quotes {
        print("\(quote.id)\t\(quote.source)\t\(quote.text) — \(quote.author)")
      }
    case .add:
      let (quote, reply) = try await api.post(
        "api/v1/quotes", NewQuote(text: value!, author: author!), as: QuoteView.self)
      if client.json { return client.printJSON(reply) }
      print("quote \(quote.id) added")
    case .import:
      try await importFile(api, path: value!)
    case .rm:
      try await api.delete("api/v1/quotes/\(value!)")
      if !client.json { print("quote \(value!) removed") }
    }
  }

  private func importFile(_ api: APIClient, path: String) async throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure("\(path): no such file, or it cannot be read")
    }
    let result: QuoteImport.Result
    do {
      // The extension decides: a JSON array is never a valid CSV header, so guessing from
      // content would only trade one error message for a worse one.
      result =
        path.lowercased().hasSuffix(".json")
        ? try QuoteImport().importJSON(data)
        : try QuoteImport().importCSV(String(decoding: data, as: UTF8.self))
    } catch {
      throw CommandFailure("\(path): \(error)")
    }
    for problem in result.problems {
      FileHandle.standardError.write(Data("\(path): \(problem)\n".utf8))
    }
    guard !result.quotes.isEmpty else { throw CommandFailure("\(path): no quotes to import") }
    let batch = NewQuotes(quotes: result.quotes.map { NewQuote(text: $0.text, author: $0.author) })
    let (answer, reply) = try await api.post("api/v1/quotes", batch, as: QuoteList.self)
    if client.json { return client.printJSON(reply) }
    print("imported \(answer.quotes.count) quotes, skipped \(result.problems.count)")
  }
}
