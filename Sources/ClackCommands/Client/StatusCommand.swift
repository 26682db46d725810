import ArgumentParser
import ClackAPI
import ClackContent
import ClackCore
import ClackHardware
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
    let (status, reply) = try await client.client().get("api/v1/status", as: StatusView.self)
    if client.json { return client.printJSON(reply) }
    // The modules' measurements are the board's (the status leaves the modules out).
    let (board, _) = try await client.client().get("api/v1/board", as: BoardView.self)
    let isTerminal = FrameOutput.stdoutIsTerminal
    print(
      Self.summary(
        status,
        color: color.resolved(
          isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment),
        isTerminal: isTerminal, modules: board.modules))
  }

  static func summary(
    _ status: StatusView, color: Bool, isTerminal: Bool = false, modules: [ModuleView] = []
  ) -> String {
    let board = status.board
    var lines = [
      "\(board.name) (\(board.rows)×\(board.cols)), \(board.homed ? "homed" : "homing"), "
        + "\(board.moving) moving, \(board.waiting) waiting"
    ]
    if let frame = Self.frame(of: board) {
      let grid =
        isTerminal
        ? TerminalBoardPicture(showing: frame, ansiColor: color).render(frame, reserved: 8)
        : FrameGridRenderer(ansiColor: color).render(frame)
      lines.append(grid, terminator: "")
    }
    if status.showing.isEmpty {
      let zones = board.zones.keys.sorted().map { "\($0): \(board.zones[$0] ?? "")" }
      lines.append("showing: \(zones.isEmpty ? "idle" : zones.joined(separator: ", "))")
    }
    for message in status.showing {
      lines.append(
        "showing: message \(message.id) from \(message.sender) in zone \(message.zone): "
          + QueueCommand.describe(message))
    }
    let parts = MessageState.allCases.map { "\(status.queue[$0.rawValue] ?? 0) \($0.rawValue)" }
    lines.append("queue: " + parts.joined(separator: ", "))
    lines.append(
      status.faults.isEmpty
        ? "faults: none" : "faults:\n  " + status.faults.joined(separator: "\n  "))
    // Calibration's figures: what is not a fault but wants fixing, and each spool as measured.
    let warnings = modules.flatMap { module in
      module.warnings.map { "row \(module.row + 1), col \(module.col + 1): \($0)" }
    }
    if !warnings.isEmpty { lines.append("warnings:\n  " + warnings.joined(separator: "\n  ")) }
    let measured = modules.filter { $0.revolution != nil }
    if !measured.isEmpty {
      let errors = measured.compactMap(\.homeError).map { abs($0) }
      lines.append(
        "spools: \(measured.count) measured, \(Set(measured.compactMap(\.revolution)).sorted().map(String.init).joined(separator: ", ")) steps a revolution"
          + (errors.isEmpty
            ? "" : "; home edge within \(errors.max() ?? 0) steps of where expected"))
    }
    if let hours = status.quietHours {
      lines.append(
        "quiet hours: \(hours)" + (board.quiet ? " (now: the board holds still)" : " (not now)"))
    } else {
      lines.append("quiet hours: none")
    }
    if let next = status.nextScheduled {
      // `cron` is the entry's cadence as written: a cron expression, or `every 15m`,
      // `on change`; the kind says which.
      let isCron = next.cadenceKind == "cron"
      lines.append(
        "next scheduled: \(next.show), \(next.when) "
          + "(\(isCron ? "cron " : "")\(next.cron), zone \(next.zone); times in \(status.timeZone))"
      )
    }
    if let sources = status.sources {
      lines.append("sources:")
      for source in sources { lines.append("  " + Self.describe(source, now: status.time)) }
    }
    if let wall = status.wall { lines.append(contentsOf: Self.describe(wall)) }
    return lines.joined(separator: "\n")
  }
}

extension Array where Element == String {
  fileprivate mutating func append(_ text: String, terminator: String) {
    append(text.hasSuffix("\n") ? String(text.dropLast()) : text)
  }
}

extension StatusCommand {
  /// A wall: `wall lobby, led by left (this is middle)`, and on the leader a line a member:
  /// `  right (tile right): OFFLINE` or `  middle (tile middle): frame 41, landed +1.2 ms, clock
  /// +0.1 ms`.
  static func describe(_ wall: WallView) -> [String] {
    var lines = [
      "wall \(wall.name), led by \(wall.leader) (this is \(wall.member))"
        + (wall.degraded ? ": DEGRADED" : "")
    ]
    for member in wall.members {
      var parts: [String] = []
      if let problem = member.problem { parts.append(problem) }
      if let seq = member.seq { parts.append("frame \(seq)") }
      if let landed = member.landedMilliseconds {
        parts.append(String(format: "landed %+.1f ms", landed))
      }
      if let offset = member.clockOffsetMilliseconds {
        parts.append(String(format: "clock %+.1f ms", offset))
      }
      lines.append("  \(member.name) (tile \(member.tile)): " + parts.joined(separator: ", "))
    }
    return lines
  }

  /// A source in a line: `tram (json, https://…): fresh, 2 min old` or `… STALE, 12 min old:
  /// HTTP 503 …` or `… no data yet`.
  static func describe(_ source: SourceView, now: Date) -> String {
    var text = "\(source.name) (\(source.kind), \(source.origin)): "
    let age = source.updatedAt.map { " \(Int(max(0, now.timeIntervalSince($0)) / 60)) min old" }
    if let problem = source.problem {
      text += "STALE" + (age.map { ",\($0)" } ?? ", no data yet") + ": \(problem)"
    } else {
      text += age.map { "fresh,\($0)" } ?? "no data yet"
    }
    return text
  }

  /// What the board shows: from its codes, or from its cells on flaps without codes (runes).
  static func frame(of board: BoardView) -> Frame? {
    if let codes = board.codes { return try? Frame(codes: codes) }
    let cells = board.cells
    guard let cols = cells.first?.count, cols > 0, cells.allSatisfy({ $0.count == cols }) else {
      return nil
    }
    var frame = Frame(rows: cells.count, cols: cols)
    for (row, line) in cells.enumerated() {
      for (col, cell) in line.enumerated() {
        guard let symbols = try? SymbolNotation.parseSymbols(cell), symbols.count == 1 else {
          return nil
        }
        frame[row, col] = symbols[0]
      }
    }
    return frame
  }
}
