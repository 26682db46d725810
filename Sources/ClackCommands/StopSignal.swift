import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGTERM or SIGINT received (the signal number), or 0. Set by the handler: an atomic store
/// is all a signal handler may safely do.
let stopSignal = Atomic<Int32>(0)

enum StopSignal {
  /// From now on SIGTERM and SIGINT ask the running command to stop safely instead of
  /// killing the process with its coils energised.
  static func install() {
    // A parent may have started us with these blocked (test runners do); a blocked SIGTERM
    // would never reach the handler. Threads started later inherit this mask.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTERM)
    sigaddset(&signals, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    signal(SIGTERM) { number in stopSignal.store(number, ordering: .relaxed) }
    signal(SIGINT) { number in stopSignal.store(number, ordering: .relaxed) }
  }

  static var received: Int32 { stopSignal.load(ordering: .relaxed) }

  static func name(_ number: Int32) -> String {
    number == SIGTERM ? "SIGTERM" : number == SIGINT ? "SIGINT" : "signal \(number)"
  }
}
