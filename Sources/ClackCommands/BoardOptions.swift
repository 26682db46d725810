import ArgumentParser
import ClackBoard
import ClackCore
import ClackHardware

/// Which board a command lays text out for: a board file, or a size and flap set. With none
/// of them it is the built-in board that `clack sim` and `clack run` use (6 × 22,
/// `vestaboard`), so text that renders is text the simulator accepts.
struct BoardOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Board file (YAML) to lay out for.", valueName: "file"))
  var board: String?

  @Option(name: .long, help: "Rows of the board, when no --board is given (default 6).")
  var rows: Int?

  @Option(name: .long, help: "Columns of the board, when no --board is given (default 22).")
  var cols: Int?

  @Option(
    name: .long,
    help: ArgumentHelp(
      """
      Built-in flap set when no --board is given: vestaboard (default: every Vestaboard \
      character, the flaps of the built-in board clack sim and clack run use), splitflap-52, \
      classic-40 or elder-futhark-40 (runes: text is written in the Elder Futhark).
      """,
      valueName: "name"))
  var flaps: String?

  func validate() throws {
    if board != nil, rows != nil || cols != nil || flaps != nil {
      throw ValidationError(
        "--board already sets the size and flaps; drop --rows, --cols and --flaps")
    }
    if let rows, !(1...BoardDefinition.maxRows).contains(rows) {
      throw ValidationError("--rows must be from 1 to \(BoardDefinition.maxRows), not \(rows)")
    }
    if let cols, !(1...BoardDefinition.maxCols).contains(cols) {
      throw ValidationError("--cols must be from 1 to \(BoardDefinition.maxCols), not \(cols)")
    }
  }

  /// The chosen board, of either kind, as the offline commands picture it.
  func preview() throws -> any BoardPreview {
    if let board { return try BoardFile.load(path: board).preview() }
    return FlapBoardPreview(layout: try layout(), name: "the built-in board")
  }

  /// The layout for the chosen board.
  func layout() throws -> TextLayout {
    if let board { return try BoardFile.load(path: board).preview().layout }
    let builtin = try BuiltinBoard.load()
    let flapSet =
      try flaps.map { name throws(FlapSetError) in try FlapSet.named(name) } ?? builtin.flapSet
    return TextLayout(
      rows: rows ?? builtin.rows, cols: cols ?? builtin.cols, flapSet: flapSet)
  }

  /// A hint for characters the chosen flaps lack, when the flaps are the default ones.
  var missingCharacterHint: String? {
    guard board == nil, flaps == nil else { return nil }
    return """
      (laid out for the flaps of the built-in board, Vestaboard's 66, which clack sim and \
      clack run use; --board FILE lays out for your board's own flaps)
      """
  }
}

/// When to colour tiles in terminal output.
package enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never

  /// `auto` colours only a terminal, and honours NO_COLOR and TERM=dumb.
  package func resolved(isTerminal: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto:
      isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
  }
}
