import ArgumentParser
import ClackAPI
import ClackCore
import Foundation

/// `clack status`: what the board shows, the queue, faults, quiet hours, what comes next.
struct StatusCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Summarise a running daemon: the board, the queue, faults and what comes next.")

  @OptionGroup var client: ClientOptions

  @Option(help: "Colour tiles in the grid: auto, always or never.")
  var color: ColorChoice = .auto

  func run() async throws {
    let status = try await client.client().get("api/v1/status")
    if client.json {
      client.printJSON(status)
      return
    }
    print(
      Self.summary(
        status,
        color: color.resolved(
          isTerminal: FrameOutput.stdoutIsTerminal, environment: ProcessInfo.processInfo.environment
        )))
  }

  static func summary(_ status: JSONValue, color: Bool) -> String {
    var lines: [String] = []
    let name = status["name"]?.stringValue ?? "?"
    let rows = status["rows"]?.intValue ?? 0
    let cols = status["cols"]?.intValue ?? 0
    let homed = status["homed"]?.boolValue == true ? "homed" : "homing"
    lines.append("\(name) (\(rows)×\(cols)), \(homed), \(status["moving"]?.intValue ?? 0) moving")
    if let codes = status["codes"]?.codes, let frame = try? Frame(codes: codes) {
      lines.append(FrameGridRenderer(ansiColor: color).render(frame), terminator: "")
    }
    let showing = status["showing"]?.arrayValue ?? []
    if showing.isEmpty {
      let zones = status["zones"].map { zones -> String in
        guard case .object(let fields) = zones else { return "" }
        return fields.keys.sorted().map { "\($0): \(fields[$0]?.stringValue ?? "")" }
          .joined(separator: ", ")
      }
      lines.append("showing: \(zones ?? "idle")")
    }
    for message in showing {
      let text = message["text"]?.stringValue.map { "\"\($0)\"" } ?? "(characters)"
      lines.append(
        "showing: message \(message["id"]?.intValue ?? 0) from "
          + "\(message["sender"]?.stringValue ?? "?") in zone \(message["zone"]?.stringValue ?? "?"): \(text)"
      )
    }
    if case .object(let queue) = status["queue"] {
      let parts = ["queued", "showing", "shown", "expired", "rejected"].map {
        "\(queue[$0]?.intValue ?? 0) \($0)"
      }
      lines.append("queue: " + parts.joined(separator: ", "))
    }
    let faults = status["faults"]?.arrayValue.compactMap(\.stringValue) ?? []
    lines.append(faults.isEmpty ? "faults: none" : "faults:\n  " + faults.joined(separator: "\n  "))
    let quiet = status["quiet"]?.boolValue == true
    if let hours = status["quiet_hours"]?.stringValue {
      lines.append(
        "quiet hours: \(hours)" + (quiet ? " (now: the board holds still)" : " (not now)"))
    } else {
      lines.append("quiet hours: none")
    }
    if let next = status["next_scheduled"] {
      lines.append(
        "next scheduled: \(next["show"]?.stringValue ?? "?") at \(next["at"]?.stringValue ?? "?") "
          + "(cron \(next["cron"]?.stringValue ?? "?"), zone \(next["zone"]?.stringValue ?? "?"))")
    }
    return lines.joined(separator: "\n")
  }
}

extension Array where Element == String {
  fileprivate mutating func append(_ text: String, terminator: String) {
    append(text.hasSuffix("\n") ? String(text.dropLast()) : text)
  }
}
