import ClackAPI
import NIOCore
import NIOPosix

/// Whether a daemon or a broker answers, for `clack doctor`: short reasons, never a throw.
public enum DaemonReachability {
  /// The daemon's `/health` at `url` (`http://HOST:PORT` or `https://…`), or why there was
  /// none.
  public static func health(at url: String) async -> Result<HealthView, Failure> {
    do {
      let client = try APIClient(url: url)
      let (health, _) = try await client.get("/health", as: HealthView.self)
      return .success(health)
    } catch {
      return .failure(Failure(description: "\(error)"))
    }
  }

  /// Nil when a TCP connection to host:port opens within 3 s, else why not.
  public static func connect(host: String, port: Int) async -> String? {
    do {
      let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connectTimeout(.seconds(3))
        .connect(host: host, port: port).get()
      try? await channel.close()
      return nil
    } catch {
      return HTTPExchange.reason(error)
    }
  }

  public struct Failure: Error, Sendable, CustomStringConvertible {
    public let description: String
  }
}
