import ClackContent
import ClackCore
import Foundation

// What the service answers about the board itself: runtime values of the domain's types,
// which each face maps to its wire format (ClackWireMapping for the JSON of REST and MQTT).

/// What the board shows and is turning to, module by module.
public struct BoardReading: Sendable, Hashable {
  public let name: String
  public let kind: BoardKind
  /// What the modules show now, read from their positions (mid-flip too).
  public let shown: Frame
  /// What they are moving to.
  public let target: Frame
  /// Modules energised and turning now; modules with a move still to start.
  public let moving: Int
  public let waiting: Int
  public let quiet: Bool
  public let homed: Bool
  /// Each zone's source, in words: "message 12", "schedule 0: 0 7 * * *", "idle" …
  public let zones: [String: String]
  public let modules: [ModuleReading]
  /// What a panel's LEDs show; nil on a flap board.
  public let leds: LitLEDs?
  /// The script for text that names none.
  public let script: RunicScript
  /// The page of the run of show on show in each zone that shows one.
  public var pages: [String: String] = [:]
  /// Ticks whose work did not fit their period since the start (on a twin: its bus work on
  /// the wire), and that period.
  public var overruns = 0
  public var tickMicroseconds = 0

}

/// One module of a `BoardReading`.
public struct ModuleReading: Sendable, Hashable {
  public let row: Int
  public let col: Int
  public let mode: ModuleMode
  /// The flap it shows; nil before it has homed.
  public let flap: Int?
  public let moving: Bool
  /// Has a move still to start (its start time, or a free slot in the power budget).
  public let waiting: Bool
  /// Its fault and its missed or unexpected homes, in words.
  public let faults: [String]
  /// Its spool's steps a revolution as measured between two home edges, and its last home
  /// edge against where it was expected (steps); nil until measured.
  public var revolution: Int? = nil
  public var homeError: Int? = nil
  /// What wants fixing without being a fault, with the fix.
  public var warnings: [String] = []
}

/// A panel's brightness: the level the LEDs show now, the one set, and the night hours.
public struct BrightnessReading: Sendable, Hashable {
  public let level: Int
  public let setting: Int
  public let night: Night?

  /// The night hours (minutes of the day) and the level they hold.
  public struct Night: Sendable, Hashable {
    public let fromMinute: Int
    public let toMinute: Int
    public let level: Int
  }
}

/// The script for text that names none, and those this board can show.
public struct ScriptReading: Sendable, Hashable {
  public let script: RunicScript
  public let available: [RunicScript]
}
