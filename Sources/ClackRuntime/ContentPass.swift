import ClackContent
import ClackCore
import Foundation

/// The content decision of one pass of the display loop, pure: from the engine, the active
/// messages, the screen as it is and the time, to the screen the board should show, how it
/// changes, and which messages change state. No store, no board, no clock: the loop reads
/// and writes those around it (`Display.step`).
struct ContentPass {
  let zones: [ZoneSpec]
  let renderer: ZoneRenderer
  let config: RuntimeConfig
  /// The board's script for scheduled content that names none.
  let script: RunicScript
  /// The live sources' readings, for pages that show them.
  var sources: SourceSnapshot = [:]

  /// What one pass decided.
  struct Outcome {
    /// Quiet hours (or `quiet on`) hold the board still.
    var quiet = false
    /// Changes of message state, in the order they happened.
    var changes: [(state: MessageState, id: Int64, reason: String)] = []
    /// Messages that started showing.
    var started: [Int64] = []
    /// The screen the content wants (the one it had, when nothing changed).
    var screen: Screen
    /// How to change to it: the first changed zone's transition; nil when nothing changed.
    var transition: Transition?
    /// Schedule entries that could not be shown, and why (logged; the zone keeps its frame).
    var warnings: [String] = []
  }

  /// Asks the engine what every zone shows at `now`, and lays the zones that changed out
  /// into `screen`. `quotes` is read only when a scheduled quote is to be shown.
  func run(
    engine: inout ContentEngine, messages: [Message], screen: Screen, now: Date,
    quotes: () throws -> [Quote]
  ) -> Outcome {
    engine.observe(sources, now: now)
    let decision = engine.decide(messages: messages, now: now)
    var outcome = Outcome(quiet: decision.quiet, screen: screen)
    for id in decision.finished
    where messages.first(where: { $0.id == id })?.state == .showing {
      let reason =
        decision.ended.contains(id) ? "its time on the board is over" : "replaced on the board"
      outcome.changes.append((.shown, id, reason))
    }
    for id in decision.interrupted {
      let zone = messages.first { $0.id == id }?.zone ?? ""
      outcome.changes.append((.queued, id, interruption(decision.zones[zone])))
    }
    for id in decision.started {
      outcome.changes.append((.showing, id, "on the board"))
      outcome.started.append(id)
    }
    var next = screen
    var transition: Transition?
    for name in decision.changed {
      guard let zone = zones.first(where: { $0.name == name }),
        let (part, spec) = render(
          decision.zones[name] ?? .idle, zone: zone, messages: messages, now: now,
          quotes: quotes, into: &outcome)
      else { continue }
      ZoneRenderer.place(part, of: zone, into: &next)
      transition = transition ?? Self.transition(spec, now: now, config: config)
    }
    if next != screen {
      outcome.screen = next
      outcome.transition = transition ?? Transition()
    }
    return outcome
  }

  /// A zone's screen and its transition; nil for idle, or for content that cannot be shown
  /// (a message is rejected, a schedule entry warned about; the zone keeps its frame).
  private func render(
    _ source: ZoneSource, zone: ZoneSpec, messages: [Message], now: Date,
    quotes: () throws -> [Quote], into outcome: inout Outcome
  ) -> (Screen, TransitionSpec?)? {
    switch source {
    case .idle: return nil
    case .message(let id), .pinned(let id):
      guard let message = messages.first(where: { $0.id == id }) else { return nil }
      do {
        return (try renderer.screen(for: message, in: zone), message.transition)
      } catch {
        outcome.changes.append((.rejected, id, "\(error)"))
        return nil
      }
    case .scheduled(let index, let firedAt):
      let entry = config.schedules[index]
      // Content that changes with the time is drawn as of its fire or its minute on show.
      let when = entry.content.refreshes ? firedAt : now
      do {
        let part = try renderer.screen(
          for: entry.content, in: zone, now: when, quotes: try quotes(),
          script: entry.script ?? script, sources: sources)
        return (part, entry.transition)
      } catch {
        outcome.warnings.append(
          "run-of-show entry \(index) (\(entry.label), \(entry.cadenceText)) cannot be shown: "
            + "\(error)")
        return nil
      }
    }
  }

  /// Why a message went back to the queue: what took its zone.
  private func interruption(_ source: ZoneSource?) -> String {
    guard case .scheduled(let index, _)? = source, config.schedules.indices.contains(index) else {
      return "interrupted by an urgent message; it comes back after"
    }
    let entry = config.schedules[index]
    return "interrupted by run-of-show entry \(index) (\(entry.label), \(entry.cadenceText)); "
      + "it comes back after"
  }

  /// The transition a message or schedule entry asks for (else the configured default),
  /// seeded by the clock so `random` differs from one message to the next.
  static func transition(_ spec: TransitionSpec?, now: Date, config: RuntimeConfig) -> Transition {
    (spec ?? config.defaultTransition).transition(
      seed: UInt64(truncatingIfNeeded: Int(now.timeIntervalSince1970 * 1000)))
  }
}
