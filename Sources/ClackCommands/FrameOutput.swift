import ClackCore
import Foundation

/// How commands print a frame: a grid for people, JSON for scripts.
enum FrameOutput {
  /// One line of JSON; `extra` fields (already encoded) come first.
  static func json(_ frame: Frame, extra: [(String, String)] = []) throws -> String {
    let codes: [[Int]]
    do {
      codes = try frame.codes()
    } catch {
      throw CommandFailure("--json prints Vestaboard codes, but \(error)")
    }
    let rows = codes.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
    var fields = extra.map { "\(jsonString($0.0)):\($0.1)" }
    fields += [
      "\"rows\":\(frame.rows)", "\"cols\":\(frame.cols)",
      "\"codes\":[\(rows.joined(separator: ","))]",
    ]
    return "{" + fields.joined(separator: ",") + "}\n"
  }

  static func jsonString(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// Whether standard output is a terminal, for `--color auto`.
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}

/// A failure with a message for the user; ArgumentParser prints it as "Error: …".
public struct CommandFailure: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
