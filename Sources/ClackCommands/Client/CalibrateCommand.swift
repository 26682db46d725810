import ArgumentParser
import ClackAPI
import Foundation

/// `clack calibrate`: a running daemon's flap board calibrated from the terminal, over
/// `/api/v1/calibration` (docs/calibration.md).
struct CalibrateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calibrate",
    abstract: "Calibrate each module's offset on the daemon's flap board.",
    discussion: """
      Without options, a calibration in the terminal: once the board has homed (a board \
      still homing is waited for), every module goes to its home flap, \
      you type what each row of the board shows (Enter: as it should), Clack works out each \
      module's offset, applies and saves it (in the daemon's state directory, laid over the \
      board file's at each start), and shows a test pattern; type what that shows to check \
      (Enter when it is right), and the board goes back to its content. Messages wait in \
      the queue meanwhile. The options take one step each, for scripts: --start, --shown \
      ROW (once per row, top first), --nudge ROW,COL,STEPS (a module a few steps on, or back \
      with a negative count: a flap that has not quite fallen), --pattern, --end. For \
      stepped modules; smart modules keep their offsets in their own controllers (the \
      board file's 'offsets').
      """)

  @Flag(
    help: "Send every module to its home flap (starts a calibration, once the board has homed).")
  var start = false

  @Option(
    name: .customLong("shown"),
    help: ArgumentHelp(
      "What a row of the board shows, top row first; once per row (a space is a blank flap).",
      valueName: "row"))
  var shownRows: [String] = []

  @Option(
    help: ArgumentHelp(
      "Move one module's offset: its row and column (from 0) and steps (+ on, − back).",
      valueName: "row,col,steps"))
  var nudge: String?

  @Flag(help: "Show the test pattern.")
  var pattern = false

  @Flag(help: "End the calibration: the board shows its content again.")
  var end = false

  @OptionGroup var client: ClientOptions

  func validate() throws {
    let steps = [start, !shownRows.isEmpty, nudge != nil, pattern, end].count { $0 }
    if steps > 1 {
      throw ValidationError("give one of --start, --shown, --nudge, --pattern and --end at a time")
    }
    if let nudge, Self.nudgeBody(nudge) == nil {
      throw ValidationError(
        "--nudge takes ROW,COL,STEPS, three whole numbers such as 0,3,-10; not '\(nudge)'")
    }
  }

  struct Step: Encodable {
    var action: String
    var rows: [String]?
    var row: Int?
    var col: Int?
    var steps: Int?
  }

  static func nudgeBody(_ text: String) -> Step? {
    let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 3, let row = parts[0], let col = parts[1], let steps = parts[2] else {
      return nil
    }
    return Step(action: "nudge", row: row, col: col, steps: steps)
  }

  func run() async throws {
    let api = try client.client()
    let step: Step? =
      start
      ? Step(action: "start")
      : !shownRows.isEmpty
        ? Step(action: "shown", rows: shownRows)
        : nudge.flatMap(Self.nudgeBody)
          ?? (pattern ? Step(action: "pattern") : end ? Step(action: "end") : nil)
    if step == nil || start { try await Self.waitUntilHomed(api) }
    guard let step else {
      return try await Self.interactive(api, read: { readLine(strippingNewline: true) })
    }
    let (answer, reply) = try await api.post("api/v1/calibration", step, as: CalibrationView.self)
    if client.json { return client.printJSON(reply) }
    print(Self.describe(answer))
  }

  /// Calibration starts from a homed board: one still homing (just started, or told to home
  /// again) is waited for, with a progress line, rather than refused. Homing ends by itself
  /// (a module that finds no home is stopped with a fault), so the wait ends too; the limit
  /// is for a daemon that stops answering about it.
  static func waitUntilHomed(_ api: APIClient, limitSeconds: Double = 600) async throws {
    var board = try await api.get("api/v1/board", as: BoardView.self).0
    guard !board.homed else { return }
    let progress = ProgressLine()
    let started = Date()
    while !board.homed {
      let home = board.modules.count { $0.flap != nil }
      progress.update(
        "the board is homing: \(home) of \(board.modules.count) modules have found home; "
          + "calibration starts once it is done")
      guard Date().timeIntervalSince(started) < limitSeconds else {
        progress.finish("")
        throw CommandFailure(
          "the board was still homing after \(Int(limitSeconds)) s; see 'clack status'")
      }
      try await Task.sleep(for: .milliseconds(250))
      board = try await api.get("api/v1/board", as: BoardView.self).0
    }
    progress.finish("the board has homed")
  }

  /// Where calibration stands, in a few lines.
  static func describe(_ view: CalibrationView) -> String {
    guard view.active else {
      return
        "not calibrating; offsets in use: \(view.offsets.map(String.init).joined(separator: ", "))"
    }
    var lines = [
      view.stage == "home"
        ? "every module to its home flap; the board should show:"
        : "the test pattern; the board should show:"
    ]
    lines += (view.showing ?? []).map { "  |\($0)|" }
    if !view.changed.isEmpty {
      lines.append(
        "offsets changed for modules \(view.changed.map(String.init).joined(separator: ", ")) "
          + "and saved: \(view.offsets.map(String.init).joined(separator: ", "))")
    }
    return lines.joined(separator: "\n")
  }

  /// Start, a round of typed rows, then the test pattern until it reads right; end. `read`
  /// gives a typed line (nil: input ended).
  static func interactive(_ api: APIClient, read: () async -> String?) async throws {
    var (view, _) = try await api.post(
      "api/v1/calibration", Step(action: "start"), as: CalibrationView.self)
    print("Calibrating: " + Self.describe(view))
    while let expected = view.showing {
      print("Type what each row shows once it rests (Enter: as it should; Ctrl-D: stop).")
      var rows: [String] = []
      for (index, row) in expected.enumerated() {
        print("  row \(index + 1): ", terminator: "")
        guard let line = await read() else {
          _ = try await api.post(
            "api/v1/calibration", Step(action: "end"), as: CalibrationView.self)
          print("\nstopped; offsets saved so far stay")
          return
        }
        rows.append(line.isEmpty ? row : line)
      }
      if rows == expected, view.stage == "pattern" { break }
      do {
        (view, _) = try await api.post(
          "api/v1/calibration", Step(action: "shown", rows: rows), as: CalibrationView.self)
      } catch {
        print("\(error)")
        continue
      }
      print(Self.describe(view))
    }
    _ = try await api.post("api/v1/calibration", Step(action: "end"), as: CalibrationView.self)
    print("calibrated: the board shows its content again")
  }
}
