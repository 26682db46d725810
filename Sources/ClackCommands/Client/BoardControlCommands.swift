import ArgumentParser
import ClackAPI
import Foundation

// The daemon's board commands from the command line: each is one request to the REST board
// routes, which carry the same commands as MQTT's command topic to the same service.

/// `clack board home`.
struct BoardHomeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "home",
    abstract: "Home every module of the daemon's board again (a panel: restart it).",
    discussion: """
      The board goes on showing what it should once homing is done; 'clack status' says when. \
      Refused while the board's command slots are all taken: send it again.
      """)

  @OptionGroup var client: ClientOptions

  func run() async throws {
    let (_, reply) = try await client.client().post("api/v1/board/home", as: HomingStarted.self)
    if client.json { return client.printJSON(reply) }
    print("homing started")
  }
}

/// `clack board quiet on|off`.
struct BoardQuietCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quiet",
    abstract: "Hold the daemon's board still, or let it move again.",
    discussion: """
      'on' holds the board still (messages wait in the queue) and 'off' lets it move, until \
      the configured quiet hours next begin or end.
      """)

  enum Setting: String, ExpressibleByArgument, CaseIterable {
    case on, off
  }

  @Argument(help: "on or off.")
  var setting: Setting

  @OptionGroup var client: ClientOptions

  func run() async throws {
    let (answer, reply) = try await client.client().put(
      "api/v1/board/quiet", QuietView(quiet: setting == .on), as: QuietView.self)
    if client.json { return client.printJSON(reply) }
    print("quiet \(answer.quiet ? "on: the board holds still" : "off: the board moves")")
  }
}

/// `clack board clear`.
struct BoardClearCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clear",
    abstract: "Blank the daemon's board until the next message or schedule.",
    discussion: "The messages on show end as shown.")

  @OptionGroup var client: ClientOptions

  func run() async throws {
    _ = try await client.client().send("POST", "api/v1/board/clear")
    if !client.json { print("board cleared") }
  }
}

/// `clack board brightness [LEVEL]`.
struct BoardBrightnessCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "brightness",
    abstract: "Show or set an LED board's brightness (0–15).",
    discussion: """
      Without a level, says the level the LEDs show now, the one set, and the night hours. \
      The level set is kept across restarts. A flap board has no brightness: the daemon says so.
      """)

  @Argument(help: "The level to set, 0 (dimmest) to 15.")
  var level: Int?

  @OptionGroup var client: ClientOptions

  func validate() throws {
    if let level, !(0...15).contains(level) {
      throw ValidationError("the brightness must be from 0 to 15, not \(level)")
    }
  }

  struct Setting: Encodable {
    let brightness: Int
  }

  func run() async throws {
    let (answer, reply) = try await client.client().readOrSet(
      "api/v1/board/brightness", setting: level.map(Setting.init), as: BrightnessView.self)
    if client.json { return client.printJSON(reply) }
    print(Self.describe(answer))
  }

  static func describe(_ answer: BrightnessView) -> String {
    var line = "brightness \(answer.brightness) (set to \(answer.setting)"
    if let night = answer.night {
      line += "; \(night.brightness) at night, \(night.from)–\(night.to)"
    }
    return line + ")"
  }
}

/// `clack board script [NAME]`.
struct BoardScriptCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "script",
    abstract: "Show or set the script of text that names none.",
    discussion: """
      latin, or a runic script: elder, younger, younger-short-twig, cirth, cirth-moria. \
      Without a name, says the script in use and those this board can show. The choice is \
      kept across restarts.
      """)

  @Argument(help: "The script to set.")
  var name: String?

  @OptionGroup var client: ClientOptions

  struct Setting: Encodable {
    let script: String
  }

  func run() async throws {
    let (answer, reply) = try await client.client().readOrSet(
      "api/v1/board/script", setting: name.map(Setting.init), as: ScriptView.self)
    if client.json { return client.printJSON(reply) }
    print(
      "script \(answer.script.rawValue) (this board can show: "
        + answer.available.map(\.rawValue).joined(separator: ", ") + ")")
  }
}
