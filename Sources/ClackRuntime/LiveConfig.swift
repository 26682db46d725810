import ClackContent
import Synchronization

/// The runtime's settings as they are now: read by every accept and API request, replaced
/// whole by a reload (`Runtime.reload`). Behind a lock so a request never sees half of one
/// config and half of the next.
public final class LiveConfig: Sendable {
  private let value: Mutex<RuntimeConfig>

  public init(_ config: RuntimeConfig) { value = Mutex(config) }

  public var current: RuntimeConfig { value.withLock { $0 } }

  func replace(with config: RuntimeConfig) { value.withLock { $0 = config } }
}
