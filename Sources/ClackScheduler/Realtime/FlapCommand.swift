import ClackCore

/// One instruction for a flap executor (stepped or smart modules), in a preallocated slot: the
/// async side fills it (planning allocates there, which is fine), the real-time thread applies
/// it without allocating. Times in a plan are relative: the executor starts the plan on the
/// tick that takes it.
public final class FlapCommand: @unchecked Sendable {
  public enum Kind: Sendable {
    /// Start the plan in the slot (targets and segments).
    case show
    /// Home every module, then show `targets`.
    case home
    /// Trust `positions` and `phases` (saved at a clean stop; -1: home that module), then
    /// start the plan in the slot.
    case resume
    /// Stop all motion where it is and switch every coil off.
    case release
    /// Take `offsets` (calibration) and put every homed module on its flap by them.
    case offsets
  }

  public private(set) var kind = Kind.release
  /// Every module's target flap.
  public private(set) var targets: [Int]
  /// Up to two segments per module (the planner's segments), relative to the plan's start.
  var segmentCount: [Int]
  var start0: [Int]
  var steps0: [Int]
  var start1: [Int]
  var steps1: [Int]
  public private(set) var makespanMicroseconds = 0
  /// When the thread may take it (`TimedCommand`); set by `ExecutorThread.send`.
  public var notBefore = 0
  /// For `resume`: each module's position in steps past its flap 0 (-1: unknown) and coil
  /// phase, as saved at a clean stop.
  public private(set) var positions: [Int]
  public private(set) var phases: [Int]
  /// For `offsets`: each module's steps from its home edge to flap 0.
  public private(set) var offsets: [Int]

  public init(moduleCount: Int) {
    targets = Array(repeating: 0, count: moduleCount)
    positions = Array(repeating: -1, count: moduleCount)
    phases = Array(repeating: 0, count: moduleCount)
    offsets = Array(repeating: 0, count: moduleCount)
    segmentCount = Array(repeating: 0, count: moduleCount)
    start0 = Array(repeating: 0, count: moduleCount)
    steps0 = Array(repeating: 0, count: moduleCount)
    start1 = Array(repeating: 0, count: moduleCount)
    steps1 = Array(repeating: 0, count: moduleCount)
  }

  public var moduleCount: Int { targets.count }

  /// Fills the slot with a plan from `Planner`.
  public func load(_ plan: Plan) {
    kind = .show
    makespanMicroseconds = plan.makespanMicroseconds
    for index in 0..<moduleCount {
      segmentCount[index] = 0
      steps0[index] = 0
      steps1[index] = 0
    }
    for move in plan.moves where move.module < moduleCount {
      let index = move.module
      targets[index] = move.to
      segmentCount[index] = min(2, move.segments.count)
      if let first = move.segments.first {
        start0[index] = first.startMicroseconds
        steps0[index] = first.steps
      }
      if move.segments.count > 1 {
        start1[index] = move.segments[1].startMicroseconds
        steps1[index] = move.segments[1].steps
      }
    }
  }

  /// Fills the slot with positions saved at a clean stop and a plan made from them.
  public func loadResume(_ plan: Plan, positions: [Int], phases: [Int]) {
    load(plan)
    kind = .resume
    for index in 0..<moduleCount {
      self.positions[index] = index < positions.count ? positions[index] : -1
      self.phases[index] = index < phases.count ? phases[index] & 7 : 0
    }
  }

  /// Fills the slot with a request to home and then show `flaps`.
  public func loadHome(showing flaps: [Int]) {
    kind = .home
    makespanMicroseconds = 0
    for index in 0..<moduleCount {
      targets[index] = index < flaps.count ? flaps[index] : 0
      segmentCount[index] = 0
    }
  }

  /// Fills the slot with new offsets (a module beyond the list keeps 0).
  public func loadOffsets(_ offsets: [Int]) {
    kind = .offsets
    makespanMicroseconds = 0
    for index in 0..<moduleCount {
      self.offsets[index] = index < offsets.count ? offsets[index] : 0
    }
  }

  public func loadRelease() {
    kind = .release
    makespanMicroseconds = 0
  }
}
