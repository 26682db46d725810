import Foundation
import Testing

@testable import ClackSourceFormats

/// The feed fuzz target's seeds and every input that ever crashed it (Tests/Fuzz), read as a
/// feed source reads them, in every unit test run.
@Suite struct FeedFuzzRegressionTests {
  static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz")

  static func inputs(_ folder: String) -> [URL] {
    let directory = fuzz.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
  }

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
}
