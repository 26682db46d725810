/// One stretch of continuous motion of a module.
public struct MoveSegment: Hashable, Sendable {
  public let startMicroseconds: Int
  public let steps: Int
  public let endMicroseconds: Int
}

/// What one module does in a plan.
public struct PlannedMove: Hashable, Sendable {
  public let module: Int
  public let row: Int
  public let col: Int
  /// Flap shown before and after.
  public let from: Int
  public let to: Int
  /// Flaps passed (forward).
  public let flaps: Int
  /// Steps moved in all, forward only.
  public let steps: Int
  /// Continuous motions: none when the module stays, one usually, two for `reveal` (the
  /// approach, then the final step that drops the new flap).
  public let segments: [MoveSegment]

  public var startMicroseconds: Int { segments.first?.startMicroseconds ?? 0 }
  public var endMicroseconds: Int { segments.last?.endMicroseconds ?? 0 }
  public var moves: Bool { steps > 0 }
}

/// A schedule for a change of frame.
public struct Plan: Hashable, Sendable {
  public let moves: [PlannedMove]
  /// When the last module stops.
  public let makespanMicroseconds: Int
  /// No plan can be faster: max(longest single move, total move time / budget).
  public let lowerBoundMicroseconds: Int
  public let budget: Int
  /// The supply's draw over the plan, when the board gives its supply: a step at every change,
  /// each holding until the next (the last is the board at rest). Empty otherwise.
  public let current: [CurrentStep]

  public init(
    moves: [PlannedMove], makespanMicroseconds: Int, lowerBoundMicroseconds: Int, budget: Int,
    current: [CurrentStep] = []
  ) {
    self.moves = moves
    self.makespanMicroseconds = makespanMicroseconds
    self.lowerBoundMicroseconds = lowerBoundMicroseconds
    self.budget = budget
    self.current = current
  }

  /// The most the plan draws from the supply at any moment (nil without a supply).
  public var peakMilliamps: Int? { current.map(\.milliamps).max() }

  /// The most modules moving at any instant (a module stopping as another starts counts once).
  public var maxConcurrent: Int {
    var events: [(time: Int, delta: Int)] = []
    for move in moves {
      for segment in move.segments where segment.steps > 0 {
        events.append((segment.startMicroseconds, 1))
        events.append((segment.endMicroseconds, -1))
      }
    }
    events.sort { $0.time != $1.time ? $0.time < $1.time : $0.delta < $1.delta }
    var current = 0
    var peak = 0
    for event in events {
      current += event.delta
      peak = max(peak, current)
    }
    return peak
  }
}

/// The supply's draw from `startMicroseconds` until the next step.
public struct CurrentStep: Hashable, Sendable {
  public let startMicroseconds: Int
  public let milliamps: Int
}
