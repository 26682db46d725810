import ClackBoard
import ClackContent
import ClackCore
import Foundation
import Logging

extension Display {
  /// The script text naming none starts in: the one saved at run time, else the config's,
  /// else the first the board can show (Latin, unless its flaps are runes). One the board
  /// cannot show (its board file changed since) is passed over with a warning, for it would
  /// refuse every such text.
  static func startingScript(
    saved: RunicScript?, configured: RunicScript?, board: BoardDefinition, logger: Logger
  ) -> RunicScript {
    var choices: [(RunicScript, String)] = []
    if let saved { choices.append((saved, "the script set at run time")) }
    if let configured { choices.append((configured, "the configured script")) }
    for (script, origin) in choices {
      do {
        try check(script, on: board)
        return script
      } catch {
        logger.warning("ignoring \(origin), \(script.rawValue): \(error)")
      }
    }
    return board.flapSet.defaultScript
  }

  /// Makes `script` the board's script for text that names none, from now on and across
  /// restarts. Refused when the board cannot show the script's signs.
  public func setScript(_ script: RunicScript) throws(ScriptError) {
    try Self.check(script, on: board)
    do {
      try store.save(.script, script, at: clock.now())
    } catch {
      throw .notSaved("\(error)")
    }
    scriptChoice.withLock { $0 = script }
    logger.info("script \(script.rawValue)")
    events.publish(.status(homed: homed))
  }

  /// Refuses a script whose signs are not all among `board`'s flaps (or its font's glyphs).
  public static func check(_ script: RunicScript, on board: BoardDefinition) throws(ScriptError) {
    let missing = board.flapSet.missingSigns(of: script)
    guard missing.isEmpty else {
      throw .cannotShow(script: script, board: board.name, missing: missing)
    }
  }
}

/// Why a script was refused.
public enum ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
  case cannotShow(script: RunicScript, board: String, missing: [Character])
  case notSaved(String)

  public var description: String {
    switch self {
    case .cannotShow(let script, let board, let missing):
      let shown = missing.prefix(8).map { sign in
        let value = sign.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: true) }
        return "\(sign) (U+\(value ?? "?"))"
      }
      let more = missing.count > 8 ? " and \(missing.count - 8) more" : ""
      return "board \(board) cannot show \(script.displayName): it lacks "
        + shown.joined(separator: ", ") + more
        + " (docs/runes.md: a rune flap set, or a pixel board with a runic font)"
    case .notSaved(let why):
      return "the script could not be saved: \(why)"
    }
  }
}

extension Display {
  /// The script in use, with the scripts this board can show.
  public func scriptReading() -> ScriptReading {
    ScriptReading(script: script, available: availableScripts)
  }

  /// The scripts this board can show.
  public nonisolated var availableScripts: [RunicScript] {
    board.flapSet.scripts
  }
}
