import ClackCore
import ClackDrivers

extension SmartExecutor {
  /// What the executor knows of one smart module: where it is in homing and moving, what it
  /// was sent and when, what it reported, and how its bus has behaved.
  struct Module {
    enum Phase: Equatable {
      case idle
      case waitingHome
      case homing
      case waitingDispatch
      case moving
    }
    var mode = ModuleMode.lookForHome
    var phase = Phase.idle
    var configured = false
    var target: Int?
    var dispatchAt = 0
    var sentAt = 0
    var flap: Int?
    var missed = 0
    var unexpected = 0
    var fault: ModuleFault?
    var busFailures = 0
    /// Set after `busFailureLimit` failures in a row: the module is idle to the executor,
    /// its fault shown, and it is tried again at `retryAt`.
    var unreachable = false
    var retryAt = 0
  }
}
