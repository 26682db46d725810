import ClackCore
import ClackDrivers

/// One module's state inside `SteppedExecutor`: its mode, what it is doing, where it is and
/// its planned segments. The executor keeps one per module in an array made at start and
/// updates them in place.
struct SteppedModuleState {
  enum Activity: Equatable {
    case idle
    case waiting  // queued for homing or a correction
    case leaving(budget: Int)
    case seeking(budget: Int)
    case correcting
    case planned
  }
  var mode = ModuleMode.lookForHome
  var activity = Activity.idle
  var homed = false
  var position = 0
  var previousPosition = 0
  var phase = 0
  var sensorWas = false
  var homeSeen = true
  var missed = 0
  /// Missed home pulses since the last one seen where expected: a module that keeps missing
  /// is stopped with a fault rather than left circling (`SteppedExecutor.missesBeforeFault`).
  var missedInARow = 0
  var unexpected = 0
  var fault: ModuleFault?
  var goal: Int?
  var target: Int?
  // Homing and corrections run as one ramped move (`SteppedExecutor.searchTiming`): started
  // at `searchStart`, `searchDone` of `searchTotal` steps made. A search for home has no
  // end (`SteppedExecutor.unbounded`) until the edge is seen; then it ends at the goal.
  var searchStart = 0
  var searchDone = 0
  var searchTotal = 0
  // Up to two planned segments (a split move), absolute times.
  var segmentStart = (0, 0)
  var segmentSteps = (0, 0)
  var segmentCount = 0
  var segment = 0
  var doneInSegment = 0
  /// Whether the current planned segment has begun (it waits for a free slot).
  var segmentStarted = false
  /// Until when the last step's phase stays energised while the rotor settles
  /// (`MoveTiming.settleMicroseconds` after each step).
  var holdUntil = Int.min
  /// Steps made since start, and the count at the last home edge (nil before one): two edges
  /// apart give the spool's steps per revolution as built.
  var travelled = 0
  var lastEdgeAt: Int?
  /// The last revolution measured between two home edges (0: none yet), and where the last
  /// edge came against where the executor expected it (steps; + late, − early).
  var measuredRevolution = 0
  var homeError = 0
  /// The measurement before the last: a revolution is adopted only when two agree.
  var previousMeasurement = 0
}
