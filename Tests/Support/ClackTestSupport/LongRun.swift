import Foundation

/// Long runs are opt-in: `CLACK_LONG_TESTS=1 swift test` (or `scripts/test.sh --long`) drives
/// every shipped board through more rounds. The default run keeps the same assertions on the
/// smaller boards, so the unit suite stays fast.
public enum LongRun {
  public static var isEnabled: Bool {
    ProcessInfo.processInfo.environment["CLACK_LONG_TESTS"] == "1"
  }

  /// `always`, plus `longOnly` when long runs are enabled.
  public static func cases<T>(_ always: [T], long longOnly: [T]) -> [T] {
    isEnabled ? always + longOnly : always
  }
}
