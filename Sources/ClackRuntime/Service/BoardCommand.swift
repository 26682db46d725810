import ClackContent
import ClackCore
import ClackStore

/// Everything a face may ask the board to do, in one vocabulary: REST, the Vestaboard Local
/// API, MQTT's `…/command` topic and the CLI all translate their wire formats into these, and
/// `BoardService.perform` carries them out with the same rules and the same refusals.
public enum BoardCommand: Sendable, Hashable {
  /// Re-home every module, ending on what the board should show.
  case home
  /// `true` holds the board still now, `false` lets it move now; either lasts until the
  /// configured quiet hours next begin or end.
  case quiet(Bool)
  /// Take down what is on show (those messages end as shown); the board goes blank until
  /// the next message or schedule fire.
  case clear
  /// A pixel board's brightness, 0–15 (refused on a flap board).
  case brightness(Int)
  /// The script of text that names none (docs/runes.md).
  case script(RunicScript)
  /// Show this message now in its zone and keep it there until removed.
  case pin(id: Int64)
  /// Delete this message, whatever its state.
  case remove(id: Int64)
  /// Add quotes to the library, in order.
  case addQuotes([Quote])
  /// Delete this quote from the library.
  case removeQuote(id: Int64)
  /// Switch to this page of the run of show now (unless a message has its zone); the
  /// rotation goes on after it.
  case showPage(String)
}

/// What a command left behind, for the faces that answer with it.
public enum CommandOutcome: Sendable, Hashable {
  /// Done; nothing to report.
  case done
  /// Homing has started; it ends with a `status` event.
  case homingStarted
  /// The message as it is now (`pin`).
  case message(Message)
  /// The quotes as stored (`addQuotes`).
  case quotes([QuoteEntry])
}

/// Why a command or query was refused, typed so each face says it in its own words (the REST
/// status and MQTT's `…/error` code come from the same case).
public enum ServiceError: Error, Sendable, CustomStringConvertible {
  /// Every command slot of the real-time thread is taken; the same command may be sent again.
  case busy
  /// No message, or no quote, with this id.
  case notFound(what: String, id: Int64)
  case brightness(BrightnessError)
  case script(ScriptError)
  /// A quote of `addQuotes` (at `index`) is not one the library can keep.
  case invalidQuote(index: Int, field: String, message: String)
  /// The store refused or failed.
  case store(StoreError)
  /// No such page, or none the run of show shows, or one that cannot be drawn.
  case page(PageError)
  /// A run of show set at run time that is not one the board can show: the entry and field.
  case runOfShow(RunOfShowError)
  /// No source of the name, with the ones there are.
  case noSource(String, known: [String])
  /// Data pushed to a source that fetches its own.
  case notAWebhook(String, kind: String)
  /// A calibration step refused.
  case calibration(CalibrationError)

  public var description: String {
    switch self {
    case .busy: "the board's real-time thread is busy; send the command again"
    case .notFound(let what, let id): "no \(what) with id \(id)"
    case .brightness(let error): error.description
    case .script(let error): error.description
    case .page(let error): error.description
    case .runOfShow(let error): error.description
    case .calibration(let error): error.description
    case .noSource(let name, let known):
      "no source named '\(name)'"
        + (known.isEmpty
          ? "; the config defines none" : "; sources: \(known.joined(separator: ", "))")
    case .notAWebhook(let name, let kind):
      "source '\(name)' is a \(kind) source, which gets its data itself; only a webhook source "
        + "takes data pushed to it"
    case .invalidQuote(_, let field, let message): "\(field): \(message)"
    case .store(let error): error.description
    }
  }
}
