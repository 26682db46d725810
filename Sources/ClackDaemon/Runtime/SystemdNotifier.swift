import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Tells systemd how the service is doing (`Type=notify`), without libsystemd: one datagram
/// per message to the socket named in `$NOTIFY_SOCKET`. Does nothing when it is not set.
public struct SystemdNotifier: Sendable {
  public let socketPath: String?
  /// Half of `$WATCHDOG_USEC`: how often to send `WATCHDOG=1`; nil when no watchdog is set.
  public let watchdogInterval: Duration?

  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    let pidMatches = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
    if pidMatches, let usec = environment["WATCHDOG_USEC"].flatMap(Int.init), usec > 0 {
      watchdogInterval = .microseconds(usec / 2)
    } else {
      watchdogInterval = nil
    }
  }

  /// Sends `state` (such as `READY=1`); true when it was delivered.
  @discardableResult
  public func notify(_ state: String) -> Bool {
    guard let socketPath, socketPath.utf8.count < 108 else { return false }
    let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    var bytes = Array(socketPath.utf8)
    // A leading '@' names a socket in the abstract namespace: a NUL byte on the wire.
    if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
    let payload = Array(state.utf8)
    let sent = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        sendto(fd, payload, payload.count, Int32(MSG_NOSIGNAL), socketAddress, length)
      }
    }
    return sent == payload.count
  }
}
