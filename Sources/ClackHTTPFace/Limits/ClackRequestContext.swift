import Hummingbird
import NIOCore

/// Hummingbird's basic context plus the peer's address, which the per-address rate limit
/// needs.
public struct ClackRequestContext: RequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  public let remoteAddress: SocketAddress?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }
}
