import ClackBoard
import ClackContent
import Synchronization

/// The runtime's settings as they are now: read by every accept and API request, replaced
/// whole by a reload (`Runtime.reload`) or by a run of show set at run time. Behind a lock so
/// a request never sees half of one config and half of the next.
public final class LiveConfig: Sendable {
  private struct State {
    /// The config as the file (or the embedded defaults) gives it.
    var configured: RuntimeConfig
    /// The run of show set at run time, as written; nil when none is.
    var setRunOfShow: [RunOfShowItem]?
    var source: RunOfShowSource
    /// `configured` with the run of show that applies.
    var current: RuntimeConfig
  }

  private let state: Mutex<State>

  public init(_ config: RuntimeConfig) {
    state = Mutex(State(configured: config, setRunOfShow: nil, source: .config, current: config))
  }

  /// The settings in force: the config, with the run of show set at run time when one applies.
  public var current: RuntimeConfig { state.withLock { $0.current } }

  /// The config as the file gives it, whatever run of show was set at run time.
  public var configured: RuntimeConfig { state.withLock { $0.configured } }

  /// The run of show set at run time, as written (nil when none is).
  public var setRunOfShow: [RunOfShowItem]? { state.withLock { $0.setRunOfShow } }

  public var runOfShowSource: RunOfShowSource { state.withLock { $0.source } }

  /// Takes `configured` (a reloaded config), keeping the run of show set at run time: in
  /// place of the config's when it resolves against it, else set aside with the reason.
  /// Returns where the run of show now comes from.
  @discardableResult
  func reconfigure(_ configured: RuntimeConfig, zones: [String], board: BoardDefinition)
    -> RunOfShowSource
  {
    state.withLock { state in
      state = Self.state(configured, state.setRunOfShow, zones: zones, board: board)
      return state.source
    }
  }

  /// Sets the run of show at run time (`items`), or goes back to the config's (nil).
  @discardableResult
  func setRunOfShow(_ items: [RunOfShowItem]?, zones: [String], board: BoardDefinition)
    -> RunOfShowSource
  {
    state.withLock { state in
      state = Self.state(state.configured, items, zones: zones, board: board)
      return state.source
    }
  }

  private static func state(
    _ configured: RuntimeConfig, _ items: [RunOfShowItem]?, zones: [String],
    board: BoardDefinition
  ) -> State {
    guard let items else {
      return State(configured: configured, setRunOfShow: nil, source: .config, current: configured)
    }
    do {
      let entries = try configured.resolveRunOfShow(items, zones: zones, board: board)
      return State(
        configured: configured, setRunOfShow: items, source: .setAtRunTime,
        current: configured.with(runOfShow: entries))
    } catch {
      return State(
        configured: configured, setRunOfShow: items, source: .setAside(error.description),
        current: configured)
    }
  }
}
