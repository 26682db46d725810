import ArgumentParser
import ClackAPI
import ClackCore
import ClackScheduler
import Foundation

/// `clack send TEXT`: queue a message on a running daemon.
struct SendCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "send",
    abstract: "Send a message to the board (through a running 'clack run' or 'clack sim').",
    discussion: """
      The daemon answers once the message is stored (it survives a crash from then on) with \
      its id, its place in the queue and when it should show. With --wait, a progress bar \
      follows it until the board shows it. Text that does not fit, or characters the board \
      lacks, are refused with the daemon's explanation. With --vbml FILE it sends a VBML \
      document instead of text, which the daemon composes for the message's zone \
      (docs/vbml.md).
      """)

  @Argument(help: "The text to show ({red} … and {NN} codes work as in 'clack render').")
  var text: String?

  @Option(
    help: ArgumentHelp(
      "Send a VBML document (a JSON file, - for standard input) instead of text.",
      valueName: "file"))
  var vbml: String?

  @Option(help: "Who sends it (a newer message from a sender replaces its older one).")
  var sender = "cli"

  @Option(help: "Horizontal placement: left, center, right or justified.")
  var justify: Justify?

  @Option(help: "Vertical placement: top, center or bottom.")
  var align: Align?

  @Flag(
    help: """
      Show it at once, before anything else (other urgent ones go first in the order they \
      came); it holds the board for --duration, then ends and the board goes on as before.
      """)
  var urgent = false

  @Option(
    help: ArgumentHelp(
      "How long it holds its zone once shown, such as 90s or 5m (default: the config's dwell).",
      valueName: "duration"))
  var duration: String?

  @Option(
    help: ArgumentHelp(
      "How long it may wait or show, such as 30m or 2h (default 48h).", valueName: "duration"))
  var expires: String?

  @Option(
    help: ArgumentHelp("Not before this time: HH:MM (the next one) or ISO 8601.", valueName: "time")
  )
  var at: String?

  @Option(
    help:
      "Transition: fastest, reveal, column, reverse-column, edges-to-center, row, diagonal or random."
  )
  var transition: Transition.Kind?

  @Option(
    help: ArgumentHelp(
      "The script to show it in: latin, elder, younger, younger-short-twig, cirth or "
        + "cirth-moria (docs/runes.md). Without it, the board's script.", valueName: "script"))
  var script: RunicScript?

  @Option(help: "The zone of the board it is for (see the config's zones).")
  var zone: String?

  @Flag(help: "Pin it: it comes back in turn until removed.")
  var pin = false

  @Flag(help: "Show it even in quiet hours.")
  var bypassQuietHours = false

  @Flag(help: "Wait, with a progress bar, until the board shows it.")
  var wait = false

  @OptionGroup var client: ClientOptions

  func validate() throws {
    guard (text == nil) != (vbml == nil) else {
      throw ValidationError("give the text to send, or --vbml FILE, but not both")
    }
    if vbml != nil, justify != nil || align != nil || script != nil {
      throw ValidationError(
        "a VBML document lays itself out: --justify, --align and --script do not go with --vbml")
    }
    if let expires, DurationText.seconds(expires) == nil {
      throw ValidationError("--expires must be a duration such as 90s, 30m or 2h, not '\(expires)'")
    }
    if let duration, DurationText.seconds(duration) == nil {
      throw ValidationError(
        "--duration must be a duration such as 90s, 30m or 2h, not '\(duration)'")
    }
    if let at, Self.instant(at, now: Date()) == nil {
      throw ValidationError("--at must be HH:MM or an ISO 8601 time, not '\(at)'")
    }
  }

  func run() async throws {
    var body =
      if let vbml {
        MessagePost(vbml: try JSONFile.read(vbml), sender: sender)
      } else {
        MessagePost(text: (text ?? "").replacingOccurrences(of: "\\n", with: "\n"), sender: sender)
      }
    body.justify = justify
    body.align = align
    body.priority = urgent ? .urgent : nil
    body.expiresIn = expires
    body.duration = duration
    body.notBefore = at.flatMap { Self.instant($0, now: Date()) }
    body.transition = transition
    body.zone = zone
    body.script = script
    body.pinned = pin ? true : nil
    body.bypassQuietHours = bypassQuietHours ? true : nil
    let api = try client.client()
    let (receipt, reply) = try await api.post("api/v1/messages", body, as: MessageReceipt.self)
    if client.json, !wait {
      client.printJSON(reply)
      return
    }
    if !client.json {
      print(
        "message \(receipt.id) queued in zone \(receipt.zone), position \(receipt.position); "
          + "shows in about \(DurationText.describe(receipt.waitSeconds))"
          + ", moving for \(String(format: "%.1f", receipt.transitionSeconds)) s")
    }
    guard wait else { return }
    try await follow(api, id: receipt.id, transitionSeconds: receipt.transitionSeconds)
  }

  /// Polls until the message is on the board and the board has stopped moving. The time left
  /// is asked again at each poll (the daemon replays its rules over the queue as it stands),
  /// so homing, quiet hours and urgent messages that come first move the bar the right way.
  func follow(_ api: APIClient, id: Int64, transitionSeconds: Double) async throws {
    let progress = ProgressLine()
    let started = Date()
    var showingSince: Date?
    while true {
      let (message, reply) = try await api.get("api/v1/messages/\(id)", as: MessageView.self)
      let state = message.state
      if state == .expired || state == .rejected {
        progress.finish("message \(id) was \(state.rawValue)")
        throw CommandFailure("message \(id) was \(state.rawValue) before it was shown")
      }
      let board = try await api.get("api/v1/board", as: BoardView.self).0
      if state != .queued, board.moving + board.waiting == 0 {
        progress.finish("message \(id) is on the board")
        if client.json { client.printJSON(reply) }
        return
      }
      let now = Date()
      showingSince = state == .queued ? nil : showingSince ?? now
      let line = Self.progress(
        message, board: board, elapsed: now.timeIntervalSince(started),
        flippingFor: showingSince.map { now.timeIntervalSince($0) },
        transitionSeconds: transitionSeconds)
      progress.update(line)
      try await Task.sleep(for: .milliseconds(200))
    }
  }

  /// One line of the --wait bar: what it waits for and about how long is left. `flippingFor`
  /// is how long it has been on show (nil while queued).
  static func progress(
    _ message: MessageView, board: BoardView, elapsed: Double, flippingFor: Double?,
    transitionSeconds: Double
  ) -> String {
    let phase: String
    let left: Double?
    if let flippingFor {
      phase = "flipping (\(board.moving) moving, \(board.waiting) waiting)"
      left = transitionSeconds - flippingFor > 0.5 ? transitionSeconds - flippingFor : nil
    } else if let wait = message.waitSeconds {
      phase = message.note != nil ? "waiting for quiet hours to end" : "waiting"
      left = wait + transitionSeconds
    } else {
      phase = "waiting (a newer message for its zone comes first)"
      left = nil
    }
    let fraction = left.map { min(0.99, elapsed / max(elapsed + $0, 0.001)) } ?? 0.99
    let filled = Int(fraction * 30)
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
    let remaining = left.map { "about \(DurationText.describe($0)) left" } ?? "nearly there"
    return flippingFor == nil && left == nil ? "\(bar) \(phase)" : "\(bar) \(phase), \(remaining)"
  }

  /// `HH:MM` (the next such time, local) or ISO 8601.
  static func instant(_ text: String, now: Date) -> Date? {
    if let date = ISO8601DateFormatter().date(from: text) { return date }
    let parts = text.split(separator: ":")
    guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
      (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    let calendar = Calendar.current
    guard
      let today = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: now)
    else { return nil }
    return today > now ? today : calendar.date(byAdding: .day, value: 1, to: today)
  }
}
