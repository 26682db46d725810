import ClackCore
import ClackTestSupport
import Foundation
import Testing

/// The fuzz targets' seeds and every input that ever crashed one (Tests/Fuzz), replayed the
/// way the daemon reads them: the first line as a source path, the rest as a source's JSON.
@Suite struct FuzzRegressionTests {
  static func inputs(_ folder: String) -> [URL] { FuzzInputs.files(folder) }

  /// The path and what it picks from the document, as a page shows it (nil: no such value).
  static func replay(_ url: URL) throws -> (path: JSONPath?, shown: String?) {
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let document = JSONValue.parse(Data((lines.count > 1 ? lines[1] : "").utf8)) ?? .null
    let path = try? JSONPath(String(lines.first ?? ""))
    return (path, path?.value(in: document)?.pageText)
  }

  @Test func theSeedsAreWhatTheDaemonMeetsAndEachPicksAValue() throws {
    let seeds = Self.inputs("corpus/json-path")
    #expect(seeds.count >= 4)
    for seed in seeds {
      let (path, shown) = try Self.replay(seed)
      #expect(path != nil && shown != nil, "\(seed.lastPathComponent)")
    }
  }

  @Test func everyInputThatEverCrashedATargetIsReadSafely() throws {
    // A crash would end the test run; reaching the end is the check, and each path that
    // parses must print as written.
    for input in Self.inputs("regressions/json-path") {
      let (path, _) = try Self.replay(input)
      if let path { #expect(!path.steps.isEmpty, "\(input.lastPathComponent)") }
    }
  }
}
