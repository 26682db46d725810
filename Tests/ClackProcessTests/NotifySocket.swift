import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A datagram socket standing in for systemd's `$NOTIFY_SOCKET`: what the daemon tells
/// systemd arrives here, one message per datagram.
final class NotifySocket: @unchecked Sendable {
  let path: String
  private let fd: Int32

  init(name: String) throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-notify-\(name)-\(getpid()).sock").path
    unlink(path)
    fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    try #require(fd >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    timeout(seconds: 20)
  }

  deinit {
    close(fd)
    unlink(path)
  }

  /// How long `receive` waits for a message.
  func timeout(seconds: Int) {
    var limit = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  }

  /// The next message, or "" when none came in time (or, with MSG_DONTWAIT, none is waiting).
  /// The wait happens on a thread of its own: a blocking `recv` on the test's cooperative
  /// pool (two threads on a 2-core machine) would stall every other test meanwhile.
  func receive(flags: Int32 = 0) async -> String {
    let fd = self.fd
    return await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
      Thread {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = recv(fd, &buffer, buffer.count, flags)
        done.resume(returning: count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : "")
      }.start()
    }
  }

  /// The next message other than a watchdog ping.
  func receiveSkippingPings() async -> String {
    var message = await receive()
    while message == "WATCHDOG=1" { message = await receive() }
    return message
  }

  /// Reads up to and including the first READY=1 (the daemon's /health may say homed a
  /// moment before it is sent); true when it came.
  @discardableResult
  func waitForReady() async -> Bool {
    while true {
      let message = await receive()
      if message.hasPrefix("READY=1") { return true }
      if message.isEmpty { return false }
    }
  }

  /// Drops what has arrived so far.
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 512)
    while recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
  }
}
