/// A command the thread may hold in its slot until a moment: it is taken at the first tick at
/// or after `notBefore` (`MonotonicTickClock.raw` nanoseconds; 0: at once), so a change can be
/// handed over early and still start on time to the tick (a clock landing on the minute).
/// Commands behind it wait too: they keep their order.
public protocol TimedCommand: AnyObject, SendableMetatype {
  var notBefore: Int { get set }
}

extension FlapCommand: TimedCommand {}
extension ScreenCommand: TimedCommand {}
