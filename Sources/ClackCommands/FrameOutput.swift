import ClackCore
import Foundation

/// How commands print a frame: a grid for people, JSON for scripts.
package enum FrameOutput {
  /// The frame as one line of JSON: its size, each row as text (`lines`), and the Vestaboard
  /// codes (null when a cell has no code, as runes have none). `extra` fields (already
  /// encoded) come first.
  package static func json(_ frame: Frame, extra: [(String, String)] = []) throws -> String {
    let codes = try? frame.codes()
    let rows = codes.map { codes in
      "["
        + codes.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
        .joined(separator: ",") + "]"
    }
    let text = (0..<frame.rows).map { row in
      jsonString((0..<frame.cols).map { frame[row, $0].notation }.joined())
    }
    var fields = extra.map { "\(jsonString($0.0)):\($0.1)" }
    fields += [
      "\"rows\":\(frame.rows)", "\"cols\":\(frame.cols)",
      "\"lines\":[\(text.joined(separator: ","))]", "\"codes\":\(rows ?? "null")",
    ]
    return "{" + fields.joined(separator: ",") + "}\n"
  }

  package static func jsonString(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// Whether standard output is a terminal, for `--color auto`.
  package static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}

/// A failure with a message for the user; ArgumentParser prints it as "Error: …".
public struct CommandFailure: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
