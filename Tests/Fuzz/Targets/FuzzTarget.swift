import Foundation

/// One reader of outside input, fuzzed (scripts/fuzz.sh) and replayed (ClackFuzzTests) as
/// the daemon reads it: a crash, a hang or a memory error is a bug; an error is not.
public struct FuzzTarget: Sendable {
  /// The name scripts/fuzz.sh and `clack-fuzz` know it by; its seeds are `corpus/NAME`.
  public let name: String
  /// What it reads, in a line (`clack-fuzz --list`, Tests/Fuzz/README.md).
  public let reads: String
  /// Reads the bytes: true when they were taken (a value came of them), false when they were
  /// refused with an error. A broken invariant traps, for the fuzzer to report.
  public let read: @Sendable (Data) -> Bool

  public init(name: String, reads: String, read: @escaping @Sendable (Data) -> Bool) {
    self.name = name
    self.reads = reads
    self.read = read
  }
}

extension FuzzTarget {
  /// Every target, in the order scripts/fuzz.sh runs them.
  public static let all: [FuzzTarget] = [
    .config, .board, .bdf, .pcf, .hex, .quotesCSV, .quotesJSON, .message, .localAPI,
    .runOfShow, .mqtt, .vbml, .jsonPath, .feed, .calendar,
  ]

  public static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }

  /// Checks an invariant of what a reader returned: a trap the fuzzer reports with its input.
  static func expect(
    _ holds: @autoclosure () -> Bool, _ what: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
  ) {
    if !holds() { fatalError("fuzz invariant broken: \(what())", file: file, line: line) }
  }
}
