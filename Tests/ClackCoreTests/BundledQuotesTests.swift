import Testing

@testable import ClackCore

@Suite struct BundledQuotesTests {
  @Test func libraryHasAtLeast400Quotes() {
    #expect(BundledQuotes.all.count >= 400)
  }

  @Test func everyAuthorDiedMoreThan70YearsAgo() {
    // Public domain in life+70 countries from 1 January of the 71st year after death. The
    // library is checked against a fixed year so the test does not depend on today's date.
    let recent = BundledQuotes.authors.filter { $0.diedIn > 2026 - 71 }
    #expect(recent.isEmpty, "authors who died too recently: \(recent)")
  }

  @Test func everyQuoteHasAKnownAuthorAndNoDuplicates() {
    let names = Set(BundledQuotes.authors.map(\.name))
    #expect(BundledQuotes.all.allSatisfy { names.contains($0.author) })
    var seen = Set<String>()
    let duplicates = BundledQuotes.all.filter { !seen.insert($0.text.lowercased()).inserted }
    #expect(duplicates.isEmpty, "duplicate quotes: \(duplicates.map(\.text))")
  }

  @Test(arguments: [FlapSet.vestaboard, FlapSet.splitflap52])
  func everyQuoteWithItsAuthorFitsA6x22Board(flapSet: FlapSet) {
    let formatter = QuoteFormatter(layout: TextLayout(rows: 6, cols: 22, flapSet: flapSet))
    var failures: [String] = []
    for quote in BundledQuotes.all {
      do {
        _ = try formatter.frame(for: quote)
      } catch {
        failures.append("\(quote.author): \(quote.text) — \(error)")
      }
    }
    #expect(
      failures.isEmpty, "\(failures.count) quotes do not fit:\n\(failures.joined(separator: "\n"))")
  }

  @Test func theQuoteFrameShowsTheAuthorRightAlignedUnderTheText() throws {
    let layout = TextLayout(rows: 6, cols: 22, flapSet: .vestaboard)
    let laid = try QuoteFormatter(layout: layout).frame(
      for: Quote(text: "Time flies.", author: "Virgil"))
    let rows = (0..<6).map { row in
      String(laid.frame.row(row).map { if case .glyph(let c) = $0 { c } else { " " } })
    }
    #expect(rows[2] == "     TIME FLIES.      ")
    #expect(rows[3] == "              - VIRGIL")
    #expect(laid.lineCount == 2)
  }
}
