import ClackBoard
import ClackCore
import ClackDrivers
import ClackHardware
import ClackScheduler
import Synchronization

/// A fake board for the display loop's tests: it records what it is asked to do, and its
/// modules reach each screen when the test says (`finishMoves`), or at once (`holdsMoves`
/// false). No thread, no simulated hardware: the loop runs in virtual time, and a test
/// asserts on the requests, as a SwiftNIO test reads what a handler wrote to an
/// `EmbeddedChannel`.
public final class RecordingBoard: RunningBoard {
  /// One thing the display asked of the board.
  public enum Request: Sendable, Equatable {
    case home(showing: Frame)
    case resume(showing: Frame)
    case show(Frame, Transition)
    case brightness(Int)
  }

  private struct Memory {
    var requests: [Request] = []
    var state: ExecutorState
    /// The flaps the modules are moving to (module order), reached at `finishMoves`.
    var targets: [Int]
    var holdsMoves: Bool
    var refusals = 0
    /// The start each `show` was handed (`notBefore`: 0 for at once).
    var starts: [Int] = []
    /// Every screen shown, whole (a pixel tile's scrolling lines too).
    var screens: [Screen] = []
  }

  public let board: BoardDefinition
  public let kind = BoardKind.splitFlap
  public let speed = 1
  public let powerBudget: Int
  /// Board time a change takes: this much for each module that changes.
  public let moduleMoveMicroseconds = 500_000
  public let homingMicrosecondsPerModule = 1_000_000
  public let keepsPositions = true
  public let scrollCapacity: Int? = nil
  public let slowsWithMissedTicks = true
  public let dimming: Dimming? = nil
  public let panel: PanelFacts? = nil
  public let tickNanoseconds = 1_000_000
  public let isAnimating = false
  public let tickLateness = JitterRecorder()
  public let tickWork = JitterRecorder()
  private let memory: Mutex<Memory>

  /// `holdsMoves`: moves (and homing) stay under way until `finishMoves()`.
  public init(board: BoardDefinition, holdsMoves: Bool = false) {
    self.board = board
    powerBudget = board.maxMoving
    memory = Mutex(
      Memory(
        state: ExecutorState(moduleCount: board.moduleCount),
        targets: Array(repeating: 0, count: board.moduleCount), holdsMoves: holdsMoves))
  }

  /// What the display asked, in order.
  public var requests: [Request] { memory.withLock { $0.requests } }
  /// The last frame it was asked to show as text: each row trimmed, rows joined by `|`; nil
  /// before any.
  public var lastShownText: String? {
    framesShown.last?.notations().map { $0.joined().trimmingCharacters(in: .whitespaces) }
      .joined(separator: "|")
  }

  /// The frames it was asked to show (homing and resuming included), in order.
  public var framesShown: [Frame] {
    requests.compactMap {
      switch $0 {
      case .home(let frame), .resume(let frame), .show(let frame, _): frame
      case .brightness: nil
      }
    }
  }

  /// Answers `busy` to the next `count` hand-overs, as a thread whose command slots are full.
  public func refuseNext(_ count: Int) { memory.withLock { $0.refusals = count } }

  /// Every module reaches its target: homing is done and the board is still.
  public func finishMoves() {
    memory.withLock { memory in
      for module in memory.state.modules.indices {
        memory.state.modules[module].mode = .normal
        memory.state.modules[module].flap = memory.targets[module]
        memory.state.modules[module].position = memory.targets[module]
        memory.state.modules[module].moving = false
      }
      memory.state.idle = true
    }
  }

  /// Module `module` reports a fault (a bus timeout) with `message`, as a board's executor
  /// reports one.
  public func fault(_ module: Int, _ message: String) {
    memory.withLock {
      $0.state.faults[module] = ModuleFault(module: module, kind: .bus(.timeout), message: message)
    }
  }

  /// Whether moves wait for `finishMoves()`.
  public func holdMoves(_ hold: Bool) { memory.withLock { $0.holdsMoves = hold } }

  public var state: ExecutorState { memory.withLock { $0.state } }
  public var isDormant: Bool { state.idle }

  public func home(showing frame: Frame) -> Bool { take(.home(showing: frame), frame) != nil }

  public func resume(positions: [Int], phases: [Int], showing frame: Frame) -> Bool {
    take(.resume(showing: frame), frame) != nil
  }

  public func show(
    _ screen: Screen, transition: Transition, reduceMotion: Bool, notBefore: Int
  ) -> Handover {
    guard board.flaps(for: screen.frame) != nil else { return .unshowable }
    memory.withLock {
      $0.starts.append(notBefore)
      $0.screens.append(screen)
    }
    guard let moved = take(.show(screen.frame, transition), screen.frame) else { return .busy }
    return .sent(microseconds: moved * moduleMoveMicroseconds)
  }

  public func moveMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool)
    -> Int
  {
    guard let flaps = board.flaps(for: screen.frame) else { return 0 }
    let targets = memory.withLock { $0.targets }
    return zip(flaps, targets).count { $0 != $1 } * moduleMoveMicroseconds
  }

  /// Every screen the display asked to show, in order, scrolling lines and all.
  public var screensShown: [Screen] { memory.withLock { $0.screens } }

  /// The start each change was handed, in order (0: at once).
  public var starts: [Int] { memory.withLock { $0.starts } }

  public func setBrightness(_ level: Int) -> Bool {
    memory.withLock { $0.requests.append(.brightness(level)) }
    return true
  }

  public func picture(_ state: ExecutorState) -> LitLEDs? { nil }
  public func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int? { nil }
  public func readyLine(_ state: ExecutorState) -> String { "recording board ready" }

  public func stop() -> String {
    memory.withLock { $0.state.stopped = true }
    return "recording board stopped"
  }

  /// Takes a command: records it, counts it applied, and starts the modules that change
  /// (they arrive at once unless moves are held). Nil while refusing; else how many change.
  private func take(_ request: Request, _ frame: Frame) -> Int? {
    let flaps = board.flaps(for: frame) ?? Array(repeating: 0, count: board.moduleCount)
    let held = memory.withLock { memory -> Bool? in
      guard memory.refusals == 0 else {
        memory.refusals -= 1
        return nil
      }
      memory.requests.append(request)
      memory.state.commandsApplied += 1
      memory.targets = flaps
      let changing = memory.state.modules.indices.filter {
        memory.state.modules[$0].mode != .normal || memory.state.modules[$0].flap != flaps[$0]
      }
      for module in changing { memory.state.modules[module].moving = true }
      memory.state.idle = changing.isEmpty
      return memory.holdsMoves
    }
    guard let held else { return nil }
    let moved = state.modules.count { $0.moving }
    if !held { finishMoves() }
    return moved
  }
}
