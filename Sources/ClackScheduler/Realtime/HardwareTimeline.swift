/// The clock of a board's simulated twin, which the executor thread runs on the twin's own
/// schedule rather than the host's. Each tick moves the clock on to the tick's time; the
/// tick's bus work moves it further, by the time that work takes on the real wire. The thread
/// reads back where the clock ended: a tick whose bus work runs past the next tick's time is
/// an overrun, as it would be on the real bus, however fast the host ran it; and a host that
/// wakes late (a busy machine) delays the twin in real time but never shortens the time its
/// motors see between steps, which no real motor would see either.
public protocol HardwareTimeline: AnyObject {
  /// Moves the clock on to `nanoseconds` since the thread started; a clock already past it
  /// (bus work that overran) stays where it is.
  func moveOn(to nanoseconds: Int)
  /// The clock now, in nanoseconds since the thread started.
  var nanoseconds: Int { get }
}
