/// The real-time thread as the layers above see it, whatever its executor takes as commands:
/// starting and stopping it, its latest report and how well it keeps its tick. Commands go
/// through the `ExecutorThread` its board's drive holds.
public protocol RealtimeThread: AnyObject, Sendable {
  var moduleCount: Int { get }
  var tickNanoseconds: Int { get }
  /// How late each tick woke, and how long each tick's work took.
  var jitter: JitterRecorder { get }
  var work: JitterRecorder { get }
  /// Starts the thread and says what real-time treatment it got (one line for the log).
  @discardableResult func start() -> RealtimeGrant
  /// Stops the loop, which stops all motion and switches every coil off, and waits for it.
  func stop()
  /// True while the thread blocks with nothing to do.
  var isDormant: Bool { get }
  /// The latest report, with each module's current fault.
  var state: ExecutorState { get }
  /// Polls the state every `pollMilliseconds` of real time until `condition` holds or
  /// `timeoutSeconds` pass; returns the last state seen. For command-line tools and tests.
  func wait(
    timeoutSeconds: Double, pollMilliseconds: Int, until condition: (ExecutorState) -> Bool
  ) -> ExecutorState
}

extension RealtimeThread {
  public func wait(timeoutSeconds: Double, until condition: (ExecutorState) -> Bool)
    -> ExecutorState
  {
    wait(timeoutSeconds: timeoutSeconds, pollMilliseconds: 5, until: condition)
  }
}
