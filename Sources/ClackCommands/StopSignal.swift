import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGTERM or SIGINT received (the signal number), or 0. Set by the handler: an atomic store
/// is all a signal handler may safely do.
let stopSignal = Atomic<Int32>(0)

public enum StopSignal {
  /// From now on SIGTERM and SIGINT ask the running command to stop safely instead of
  /// killing the process with its coils energised.
  public static func install() {
    unblock()
    signal(SIGTERM) { number in stopSignal.store(number, ordering: .relaxed) }
    signal(SIGINT) { number in stopSignal.store(number, ordering: .relaxed) }
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

  public static func name(_ number: Int32) -> String {
    number == SIGTERM ? "SIGTERM" : number == SIGINT ? "SIGINT" : "signal \(number)"
  }
}
