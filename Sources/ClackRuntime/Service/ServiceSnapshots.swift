import ClackContent
import ClackCore
import Foundation

// What `BoardService` answers queries with: the runtime's own values, which each face maps
// to its wire format. None of them is a store record.

/// A quote in the library.
public struct QuoteEntry: Sendable, Hashable {
  public let id: Int64
  public let quote: Quote
  /// "bundled" (shipped with Clack) or "user".
  public let source: String

  public init(id: Int64, quote: Quote, source: String) {
    self.id = id
    self.quote = quote
    self.source = source
  }
}

/// One change of a message's state, as its history keeps it.
public struct StateChangeRecord: Sendable, Hashable {
  public let state: MessageState
  public let at: Date
  public let reason: String
}

/// A message with its history and, while it is queued, when it should show.
public struct MessageDetail: Sendable, Hashable {
  public let message: Message
  public let history: [StateChangeRecord]
  public let forecast: Estimate?
}

/// The quote the quote of the day shows today, in the configured time zone.
public struct QuoteOfTheDayEntry: Sendable, Hashable {
  public let day: CivilDate
  public let quote: Quote
}

/// The daemon at a glance: the board, the queue, the next schedule fire and quiet hours.
public struct StatusReport: Sendable {
  /// Messages in the store by state (every state, zeros included).
  public let queue: [MessageState: Int]
  public let showing: [Message]
  public let nextScheduled: ScheduledFire?
  public let quietHours: QuietHours?
  public let now: Date
  public let timeZone: TimeZone
  /// The wall this board is part of (docs/walls.md); nil for a board on its own.
  public var wall: WallStatus? = nil

  /// The next time the schedule shows something, and what.
  public struct ScheduledFire: Sendable {
    public let at: Date
    public let entry: ScheduleEntry
  }
}

/// Whether the daemon is ready, and how much waits.
public struct HealthReport: Sendable, Hashable {
  public let homed: Bool
  public let queued: Int
}

/// Counters and histograms for the metrics page, read without waiting on any thread.
public struct RuntimeMetrics: Sendable {
  /// Messages in the store by state; nil when the store could not be read.
  public let messages: [MessageState: Int]?
  public let modulesFaulted: Int
  public let modulesMoving: Int
  public let modulesWaiting: Int
  public let ticks: Int
  public let deadlineMisses: Int
  /// Transactions that stored accepted messages, and the messages they stored.
  public let commits: Int
  public let committed: Int
  /// Executor tick lateness and work, and accept-to-motion latency, in nanoseconds.
  public let tickLateness: LatencyHistogram
  public let tickWork: LatencyHistogram
  public let acceptToMotion: LatencyHistogram
  /// The C allocator's holdings now; nil where it does not say.
  public let heap: HeapFigures?
  /// How many times a burst's memory has been handed back (`MemoryRelief`).
  public let memoryReliefs: Int
}

/// What the board shows this instant, mid-flip too, for a live picture (the terminal view).
public struct LiveBoard: Sendable {
  /// The symbols the modules show now (a module mid-flip shows the flap passing by).
  public let shown: Frame
  /// What a panel's LEDs show now; nil on a board without LEDs.
  public let leds: LitLEDs?
  public let moving: Int
  public let waiting: Int
  /// A panel's brightness now, 0–15; nil on a board without one.
  public let brightness: Int?
  public let homed: Bool
  public let quiet: Bool
  public let queued: Int
}

/// What a face needs to know about the board it fronts (the Local API checks sizes with it,
/// MQTT describes the board to Home Assistant).
public struct BoardFacts: Sendable, Hashable {
  public let name: String
  public let rows: Int
  public let cols: Int
  /// A pixel panel's LEDs and chip, or nil for split flaps.
  public let panel: Panel?
  /// The scripts this board can show text in.
  public let scripts: [RunicScript]

  public struct Panel: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let chip: String
  }
}
