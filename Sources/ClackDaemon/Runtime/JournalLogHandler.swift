import Foundation
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// Log lines for systemd's journal: each starts with its syslog priority (`<4>` for a
/// warning), which journald strips and keeps as the entry's priority, so
/// `journalctl -u clack -p warning` shows the warnings and worse. No timestamp: the journal
/// stamps each entry itself.
struct JournalLogHandler: LogHandler {
  let label: String
  var logLevel: Logger.Level = .info
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let line = Self.line(level: event.level, message: "\(event.message)")
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// One message as journald reads it; a message of several lines gets the prefix on each.
  static func line(level: Logger.Level, message: String) -> String {
    let prefix = "<\(priority(of: level))>"
    return message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { prefix + $0 }.joined(separator: "\n") + "\n"
  }

  /// syslog(3) priorities: 7 debug … 2 critical.
  static func priority(of level: Logger.Level) -> Int {
    switch level {
    case .trace, .debug: 7
    case .info: 6
    case .notice: 5
    case .warning: 4
    case .error: 3
    case .critical: 2
    }
  }

  /// True when standard error is the journal's stream: systemd sets `$JOURNAL_STREAM` to its
  /// device and inode, which a redirected stderr would not match.
  static func standardErrorIsJournal(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    guard let stream = environment["JOURNAL_STREAM"] else { return false }
    var status = stat()
    guard fstat(2, &status) == 0 else { return false }
    return stream == "\(status.st_dev):\(status.st_ino)"
  }
}
