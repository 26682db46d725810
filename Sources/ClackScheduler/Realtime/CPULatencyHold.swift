#if canImport(Glibc)
  import Glibc
#endif

/// A PM QoS request on `/dev/cpu_dma_latency` that keeps the CPUs out of deep idle states
/// while the executor ticks, and lets them sleep deeply while it rests. Waking a core from a
/// deep idle state (or, in a VM, from a halted vCPU) adds tens of microseconds to each tick's
/// wake-up; `cyclictest` holds the same request by default. The kernel keeps a request only
/// while its file stays open, so the file is opened once and the value rewritten: 0 µs while
/// ticking, no constraint at rest. Writing a number to an open file allocates nothing.
struct CPULatencyHold {
  static let path = "/dev/cpu_dma_latency"
  /// The kernel's "no constraint" (PM_QOS_CPU_LATENCY_DEFAULT_VALUE: 2,000 s in µs).
  static let noConstraint: Int32 = 2_000_000_000
  private var file: Int32 = -1
  private(set) var held = false

  /// Opens the request and holds it; says in `grant` if the system does not allow it.
  mutating func open(_ setup: RealtimeSetup, into grant: inout RealtimeGrant) {
    guard setup.holdCPULatency else { return }
    #if canImport(Glibc)
      file = Glibc.open(Self.path, O_WRONLY | O_CLOEXEC)
      guard file >= 0 else {
        grant.problems.append(
          "\(Self.path): \(RealtimeGrant.reason(errno)); a udev rule can give the service's "
            + "group write access (docs/scheduler.md)")
        return
      }
      grant.cpuLatencyHeld = true
      hold()
    #endif
  }

  /// No deep idle states from now on (while the executor ticks).
  mutating func hold() { set(0, held: true) }

  /// Deep idle states allowed again (while the executor rests).
  mutating func release() { set(Self.noConstraint, held: false) }

  mutating func close() {
    #if canImport(Glibc)
      if file >= 0 { _ = Glibc.close(file) }
    #endif
    file = -1
    held = false
  }

  private mutating func set(_ microseconds: Int32, held: Bool) {
    guard file >= 0, self.held != held else { return }
    #if canImport(Glibc)
      var value = microseconds
      _ = withUnsafeBytes(of: &value) { Glibc.write(file, $0.baseAddress, 4) }
    #endif
    self.held = held
  }
}
