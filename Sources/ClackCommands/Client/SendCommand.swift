import ArgumentParser
import ClackAPI
import ClackCore
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
      lacks, are refused with the daemon's explanation.
      """)

  @Argument(help: "The text to show ({red} … and {NN} codes work as in 'clack render').")
  var text: String

  @Option(help: "Who sends it (a newer message from a sender replaces its older one).")
  var sender = "cli"

  @Option(help: "Horizontal placement: left, center, right or justified.")
  var justify: Justify?

  @Option(help: "Vertical placement: top, center or bottom.")
  var align: Align?

  @Flag(help: "Show it before anything else, without waiting for the current dwell.")
  var urgent = false

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
  var transition: String?

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
    if let expires, DurationText.seconds(expires) == nil {
      throw ValidationError("--expires must be a duration such as 90s, 30m or 2h, not '\(expires)'")
    }
    if let at, Self.instant(at, now: Date()) == nil {
      throw ValidationError("--at must be HH:MM or an ISO 8601 time, not '\(at)'")
    }
  }

  func run() async throws {
    var body: [String: JSONValue] = [
      "text": .string(text.replacingOccurrences(of: "\\n", with: "\n")), "sender": .string(sender),
    ]
    if let justify { body["justify"] = .string(justify.rawValue) }
    if let align { body["align"] = .string(align.rawValue) }
    if urgent { body["priority"] = .string("urgent") }
    if let expires { body["expires_in"] = .string(expires) }
    if let at, let instant = Self.instant(at, now: Date()) {
      body["not_before"] = .string(ISO8601DateFormatter().string(from: instant))
    }
    if let transition { body["transition"] = .string(transition) }
    if let zone { body["zone"] = .string(zone) }
    if pin { body["pinned"] = .bool(true) }
    if bypassQuietHours { body["bypass_quiet_hours"] = .bool(true) }
    let api = try client.client()
    let answer = try await api.post("api/v1/messages", .object(body))
    if client.json, !wait {
      client.printJSON(answer)
      return
    }
    let id = answer["id"]?.intValue ?? 0
    let waitSeconds = answer["wait_seconds"]?.doubleValue ?? 0
    let moveSeconds = answer["transition_seconds"]?.doubleValue ?? 0
    if !client.json {
      print(
        "message \(id) queued in zone \(answer["zone"]?.stringValue ?? "main"), position "
          + "\(answer["position"]?.intValue ?? 1); shows in about \(DurationText.describe(waitSeconds))"
          + ", moving for \(String(format: "%.1f", moveSeconds)) s")
    }
    guard wait else { return }
    try await follow(api, id: id, expected: waitSeconds + moveSeconds)
  }

  /// Polls until the message is on the board and the board has stopped moving.
  func follow(_ api: APIClient, id: Int, expected: Double) async throws {
    let progress = ProgressLine()
    let started = Date()
    while true {
      let message = try await api.get("api/v1/messages/\(id)")
      let state = message["state"]?.stringValue ?? "?"
      if ["expired", "rejected"].contains(state) {
        progress.finish("message \(id) was \(state)")
        throw CommandFailure("message \(id) was \(state) before it was shown")
      }
      let board = try await api.get("api/v1/board")
      let moving = board["moving"]?.intValue ?? 0
      if state != "queued", moving == 0 {
        progress.finish("message \(id) is on the board")
        if client.json { client.printJSON(message) }
        return
      }
      let elapsed = Date().timeIntervalSince(started)
      let fraction = expected > 0 ? min(0.99, elapsed / expected) : 0.5
      let left = max(0, expected - elapsed)
      let bar =
        String(repeating: "█", count: Int(fraction * 30))
        + String(repeating: "░", count: 30 - Int(fraction * 30))
      let phase = state == "queued" ? "waiting" : "flipping (\(moving) moving)"
      progress.update("\(bar) \(phase), about \(DurationText.describe(left)) left")
      try await Task.sleep(for: .milliseconds(200))
    }
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
