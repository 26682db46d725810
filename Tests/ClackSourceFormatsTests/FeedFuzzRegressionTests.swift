import ClackTestSupport
import Foundation
import Testing

@testable import ClackSourceFormats

/// The feed and calendar fuzz targets' seeds and every input that ever crashed them
/// (Tests/Fuzz), read as a source reads them, in every unit test run.
@Suite struct FeedFuzzRegressionTests {
  static func inputs(_ folder: String) -> [URL] { FuzzInputs.files(folder) }

  @Test func theSeedsAreFeedsWithItems() throws {
    let seeds = Self.inputs("corpus/feed")
    #expect(seeds.count >= 4)
    for seed in seeds {
      let feed = try FeedReader.read(try Data(contentsOf: seed))
      #expect(!feed.items.isEmpty, "\(seed.lastPathComponent)")
    }
  }

  @Test func everyInputThatEverCrashedTheFeedTargetIsReadSafely() throws {
    // A crash would end the run; each input is read or refused in words.
    for input in Self.inputs("regressions/feed") {
      do {
        let feed = try FeedReader.read(try Data(contentsOf: input))
        #expect(feed.items.count <= Feed.maxItems)
      } catch let error as FeedError {
        #expect(!error.description.isEmpty)
      }
    }
  }

  static func calendar(_ url: URL) throws -> [CalendarOccurrence] {
    let now = Date(timeIntervalSince1970: 1_795_651_200)
    return try CalendarReader.occurrences(
      in: try Data(contentsOf: url), from: now - 86_400, to: now + 35 * 86_400,
      timeZone: TimeZone(identifier: "Europe/Berlin")!)
  }

  @Test func theCalendarSeedsAreCalendarsWithEvents() throws {
    let seeds = Self.inputs("corpus/calendar")
    #expect(seeds.count >= 3)
    for seed in seeds {
      #expect(try !Self.calendar(seed).isEmpty, "\(seed.lastPathComponent)")
    }
  }

  @Test func everyInputThatEverCrashedTheCalendarTargetIsReadSafely() throws {
    for input in Self.inputs("regressions/calendar") {
      do {
        #expect(try Self.calendar(input).count <= CalendarReader.maxOccurrences)
      } catch let error as CalendarError {
        #expect(!error.description.isEmpty)
      }
    }
  }
}
