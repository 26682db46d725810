import ClackBoard
import ClackContent
import ClackCore
import Foundation
import Testing

@testable import ClackCommands

/// Every shipped board shows a quote of the day on every day (or, where no quote fits, the
/// date and time), through the same pick the daemon makes.
@Suite struct QuoteOnEveryBoardTests {
  static let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../boards").standardized
  static let files =
    ((try? FileManager.default.contentsOfDirectory(atPath: boards.path)) ?? [])
    .filter { $0.hasSuffix(".yaml") }.sorted()

  @Test func everyShippedBoardIsChecked() {
    #expect(Self.files.count >= 13)
  }

  @Test(arguments: files)
  func clackQuoteShowsSomethingOnEveryDay(file: String) throws {
    let path = Self.boards.appendingPathComponent(file).path
    let start = try #require(CivilDate(iso: "2026-11-01"))
    var texts: [(day: Int, text: String)] = []
    for offset in 0..<30 {
      let day = start.adding(days: offset).description
      let command = try parse(QuoteCommand.self, ["quote", "on", day, "--board", path, "--json"])
      let output = try command.output(now: Date(), isTerminal: false)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
      #expect(object["date"] as? String == day)
      // Lines rather than codes: rune flaps have no Vestaboard codes.
      let lines = try #require(object["lines"] as? [String])
      #expect(lines.joined().contains { $0 != " " }, "\(file) shows nothing on \(day)")
      if let text = object["text"] as? String {
        texts.append((offset, text))
      } else {
        #expect(object["fallback"] as? String == "date and time")
      }
    }
    // A quote comes back no sooner than the number of quotes that fit (QuoteOfTheDay): none
    // within the month where 30 or more fit; on a board that fits fewer (a Vestaboard Note,
    // 3 × 15) each comes back once they have all been shown.
    let distinct = Set(texts.map(\.text)).count
    for (index, first) in texts.enumerated() {
      for later in texts[(index + 1)...] where later.text == first.text {
        #expect(
          later.day - first.day >= distinct,
          "\(file) shows \"\(first.text)\" again after \(later.day - first.day) days, among \(distinct)"
        )
      }
    }
  }

  /// What the daemon checks at start to say a zone gets the date and time instead.
  @Test func quotesFittingCountsWhatTheDaemonWarnsAbout() throws {
    let utc = try #require(TimeZone(identifier: "UTC"))
    let quotes = QuoteOfTheDay().pool
    func fitting(_ file: String) throws -> Int {
      let board = try BoardDefinition.load(path: Self.boards.appendingPathComponent(file).path)
      let renderer = ZoneRenderer(flapSet: board.flapSet, timeZone: utc)
      let zone = ZoneSpec(name: "main", row: 0, col: 0, rows: board.rows, cols: board.cols)
      return renderer.quotesFitting(quotes, in: zone)
    }
    #expect(try fitting("pcf8575-8.yaml") == 0)
    #expect(try fitting("pi-gpio-4.yaml") == 0)
    #expect(try fitting("sim-6x22.yaml") == quotes.count)
    let chainlink = try fitting("chainlink-6x18.yaml")
    #expect(chainlink > 0 && chainlink < quotes.count, "\(chainlink) of \(quotes.count)")
  }

  @Test func theSmallestBoardsShowTheDateAndTimeAndSaySo() throws {
    let path = Self.boards.appendingPathComponent("pi-gpio-4.yaml").path
    let command = try parse(QuoteCommand.self, ["quote", "--board", path, "--color", "never"])
    let output = try command.output(now: Date(), isTerminal: false)
    #expect(output.hasPrefix("No quote in the library fits"))
    #expect(output.contains("date and time"))
  }

  @Test func anLEDBoardGetsHalfBlocksAndAPicture() throws {
    let path = Self.boards.appendingPathComponent("sim-pixels-64x16.yaml").path
    let png = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-quote-\(UUID()).png"
    ).path
    defer { try? FileManager.default.removeItem(atPath: png) }
    let command = try parse(
      QuoteCommand.self, ["quote", "on", "2026-11-25", "--board", path, "--png", png])
    let output = try command.output(now: Date(), isTerminal: false)
    #expect(output.contains("▀") || output.contains("▄") || output.contains("█"))
    #expect(output.contains("wrote \(png)"))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func thePickIsAmongTheQuotesThatFitInTheCalendarsOrder() throws {
    let library = QuoteOfTheDay()
    let day = try #require(CivilDate(iso: "2026-11-25"))
    #expect(library.quote(on: day) == library.quote(on: day) { _ in true })
    let short = { (quote: Quote) in quote.text.count <= 40 }
    let fitting = library.pool.filter(short).count
    var seen: [Quote] = []
    for offset in 0..<fitting {
      let pick = try #require(library.quote(on: day.adding(days: offset), where: short))
      #expect(short(pick))
      seen.append(pick)
    }
    #expect(Set(seen).count == fitting, "every fitting quote once before any comes back")
    #expect(library.quote(on: day.adding(days: fitting), where: short) == seen.first)
    #expect(library.quote(on: day) { _ in false } == nil)
  }

  @Test func theFallbackIsTheLongestFormThatFits() throws {
    let utc = try #require(TimeZone(identifier: "UTC"))
    let at = Date(timeIntervalSince1970: 1_795_592_400)  // Wed 2026-11-25 07:40 UTC
    func shown(_ cols: Int, _ flaps: FlapSet) throws -> String {
      let renderer = ZoneRenderer(flapSet: flaps, timeZone: utc)
      let zone = ZoneSpec(name: "main", row: 0, col: 0, rows: 1, cols: cols)
      let frame = try renderer.dateAndTime(at: at, in: zone)
      return frame.cells.map(\.notation).joined().trimmingCharacters(in: .whitespaces)
    }
    #expect(try shown(22, .vestaboard) == "WED 25 NOV 07:40")
    #expect(try shown(12, .vestaboard) == "25 NOV 07:40")
    #expect(try shown(8, .splitflap52) == "25 NOV")
    #expect(try shown(5, .vestaboard) == "07:40")
    #expect(try shown(4, .splitflap52) == "0740")
  }
}
