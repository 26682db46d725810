import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The write end of SIGHUP's self-pipe (-1 until `ReloadSignal.install`): writing a byte is
/// all the handler does, as a signal handler may do little else safely.
private let reloadPipeWrite = Atomic<Int32>(-1)

/// SIGHUP, as `systemctl reload clack` sends it: each one becomes an element of `requests`,
/// read by a thread blocked on the self-pipe (nothing polls).
enum ReloadSignal {
  /// From now on SIGHUP asks for a reload instead of ending the process (its default).
  /// Returns the requests, one per signal (signals close together may arrive as one).
  static func install() -> AsyncStream<Void> {
    let (requests, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return requests }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    reloadPipeWrite.store(ends[1], ordering: .releasing)
    signal(SIGHUP) { _ in
      var byte: UInt8 = 1
      _ = write(reloadPipeWrite.load(ordering: .relaxed), &byte, 1)
    }
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGHUP)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    let readEnd = ends[0]
    let reader = Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count < 0, errno == EINTR { continue }
        guard count == 1 else { break }
        continuation.yield()
      }
      continuation.finish()
    }
    reader.name = "clack-sighup"
    reader.start()
    return requests
  }
}
