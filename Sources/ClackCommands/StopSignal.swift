import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGTERM or SIGINT received (the signal number), or 0. Set by the handler: an atomic store
/// and a `write` are all a signal handler may safely do.
let stopSignal = Atomic<Int32>(0)
/// The self-pipe the handler writes a byte to, so a waiter blocks on `read` instead of polling
/// (-1 until `install` makes it).
let stopPipeRead = Atomic<Int32>(-1)
let stopPipeWrite = Atomic<Int32>(-1)

public enum StopSignal {
  /// From now on SIGTERM and SIGINT ask the running command to stop safely instead of
  /// killing the process with its coils energised.
  public static func install() {
    unblock()
    if stopPipeWrite.load(ordering: .acquiring) < 0 {
      var ends: [Int32] = [0, 0]
      if pipe(&ends) == 0 {
        // Not inherited by the programs a command may start.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        stopPipeRead.store(ends[0], ordering: .releasing)
        stopPipeWrite.store(ends[1], ordering: .releasing)
      }
    }
    signal(SIGTERM) { number in handle(number) }
    signal(SIGINT) { number in handle(number) }
  }

  /// Returns once SIGTERM or SIGINT has arrived (at once if one already has), with its
  /// number; or 0 when the calling task is cancelled first. A thread of its own sleeps in
  /// `read` on the self-pipe meanwhile: nothing polls. For one waiter at a time.
  public static func wait() async -> Int32 {
    let readEnd = stopPipeRead.load(ordering: .acquiring)
    guard received == 0, readEnd >= 0 else { return received }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread {
          var byte: UInt8 = 0
          while read(readEnd, &byte, 1) < 0, errno == EINTR {}
          done.resume()
        }.start()
      }
    } onCancel: {
      wake()
    }
    return received
  }

  /// A parent may have started us with SIGTERM and SIGINT blocked (test runners do); a
  /// blocked SIGTERM would never be seen. Threads started later inherit this mask.
  public static func unblock() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTERM)
    sigaddset(&signals, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  public static var received: Int32 { stopSignal.load(ordering: .relaxed) }

  private static func wake() {
    var byte: UInt8 = 1
    _ = write(stopPipeWrite.load(ordering: .relaxed), &byte, 1)
  }

  public static func name(_ number: Int32) -> String {
    number == SIGTERM ? "SIGTERM" : number == SIGINT ? "SIGINT" : "signal \(number)"
  }
}

/// The signal handler: records the signal and wakes `StopSignal.wait()`.
private func handle(_ number: Int32) {
  stopSignal.store(number, ordering: .relaxed)
  var byte: UInt8 = 1
  _ = write(stopPipeWrite.load(ordering: .relaxed), &byte, 1)
}
