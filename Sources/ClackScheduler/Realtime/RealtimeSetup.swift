#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the executor thread asks of the kernel for steady timing, and what it got.
public struct RealtimeSetup: Sendable, Hashable {
  /// SCHED_FIFO priority to ask for (1–99), or nil to stay a normal thread.
  public var priority: Int32?
  /// Lock the memory the thread will touch (`MemoryLock`), so a page fault never stalls a tick.
  public var lockMemory: Bool
  /// Keep the CPUs out of deep idle states while the executor ticks (`CPULatencyHold`).
  public var holdCPULatency: Bool
  /// Which CPU the thread runs on (`CPUPlacement`).
  public var placement: CPUPlacement
  /// Once pinned, move the process's other threads off that CPU.
  public var keepsCPUToItself: Bool
  /// With `.awayFromDevices`, move the devices' interrupts off that CPU where the kernel lets
  /// the process (`InterruptSteering`), and put them back when the executors end.
  public var movesDeviceInterrupts: Bool

  public init(
    priority: Int32? = 80, lockMemory: Bool = true, holdCPULatency: Bool = true,
    placement: CPUPlacement = .awayFromDevices, keepsCPUToItself: Bool = true,
    movesDeviceInterrupts: Bool = true
  ) {
    self.priority = priority
    self.lockMemory = lockMemory
    self.holdCPULatency = holdCPULatency
    self.placement = placement
    self.keepsCPUToItself = keepsCPUToItself
    self.movesDeviceInterrupts = movesDeviceInterrupts
  }

  /// No real-time privileges: for tests and virtual time.
  public static let none = RealtimeSetup(
    priority: nil, lockMemory: false, holdCPULatency: false, placement: .anywhere,
    keepsCPUToItself: false, movesDeviceInterrupts: false)
}

/// The outcome, described in one log line.
public struct RealtimeGrant: Sendable, Hashable, CustomStringConvertible {
  public var fifoPriority: Int32?
  public var memoryLocked: Bool
  /// True when the CPUs are kept out of deep idle states while the executor ticks.
  public var cpuLatencyHeld = false
  /// The CPU the thread is pinned to, if it is.
  public var cpu: Int?
  /// True when the process's other threads were moved off that CPU.
  public var cpuKeptToItself = false
  /// True when the CPU came from `InterruptSteering`, to be released as the thread ends.
  public var interruptsClaimed = false
  /// Devices' interrupts moved off that CPU (by this process's first executor).
  public var interruptsMoved = 0
  /// Devices' interrupts still delivered to that CPU alone, each with why.
  public var interruptsStaying: [String] = []
  /// Why something asked for was not granted.
  public var problems: [String]

  /// What the thread is, for the log line.
  public var thread = "executor thread"

  /// The thread of a board driven over the network, which asks for nothing real-time.
  public static let networkBoard: RealtimeGrant = {
    var grant = RealtimeGrant(fifoPriority: nil, memoryLocked: false, problems: [])
    grant.thread = "board link thread (a board on the network: no motor of Clack's to time)"
    return grant
  }()

  public var description: String {
    var parts: [String] = []
    parts.append(fifoPriority.map { "SCHED_FIFO priority \($0)" } ?? "normal scheduling")
    parts.append(memoryLocked ? "memory locked" : "memory not locked")
    if let cpu {
      parts.append(
        cpuKeptToItself ? "on CPU \(cpu), the process's other threads kept off it" : "on CPU \(cpu)"
      )
    }
    if interruptsMoved > 0 {
      parts.append(
        "\(interruptsMoved) device interrupt\(interruptsMoved == 1 ? "" : "s") moved off it")
    }
    if let cpu, !interruptsStaying.isEmpty {
      parts.append(
        "device interrupts still on CPU \(cpu): " + interruptsStaying.joined(separator: ", "))
    }
    if cpuLatencyHeld { parts.append("CPUs kept out of deep idle while ticking") }
    var line = "\(thread): " + parts.joined(separator: ", ")
    if !problems.isEmpty { line += " (" + problems.joined(separator: "; ") + ")" }
    return line
  }

  /// Runs `body` with the process's memory unlocked, then locks again what the executors
  /// locked (`MemoryLock`): the allocator cannot hand locked pages back to the system, so it
  /// trims its heap in between (`MemoryRelief`). The pages stay resident meanwhile; only
  /// paging out is allowed for that instant.
  public static func withMemoryUnlocked(_ body: () -> Void) {
    MemoryLock.withUnlocked(body)
  }

  /// Locks what is mapped now (call on the executor thread, before its first tick): every page
  /// it will touch, so none is ever paged out under a tick, but not what the process maps later
  /// (`MemoryLock`). Pages are locked as they are first touched (`MCL_ONFAULT`) instead of
  /// faulting in every mapping whole: without it each thread's 8 MiB stack reservation, and
  /// every arena the allocator reserves, became resident (183 MiB for a daemon that uses 30).
  /// A page first touched still costs a minor fault (no I/O), once; the executor's own memory
  /// is touched before its first tick.
  static func lockMemory(_ setup: RealtimeSetup, into grant: inout RealtimeGrant) {
    guard setup.lockMemory else { return }
    #if canImport(Glibc)
      let result = MemoryLock.lockWhatIsMapped()
      if result == 0 {
        grant.memoryLocked = true
      } else {
        grant.problems.append(
          "mlockall: \(Self.reason(result)); raise LimitMEMLOCK or run with CAP_IPC_LOCK")
      }
    #else
      grant.problems.append("mlockall is Linux-only here")
    #endif
  }

  /// Raises the calling thread to SCHED_FIFO (call on the executor thread).
  static func raisePriority(_ setup: RealtimeSetup, into grant: inout RealtimeGrant) {
    guard let priority = setup.priority else { return }
    #if canImport(Glibc)
      var parameters = sched_param()
      parameters.sched_priority = priority
      let result = pthread_setschedparam(pthread_self(), Int32(SCHED_FIFO), &parameters)
      if result == 0 {
        grant.fifoPriority = priority
      } else {
        grant.problems.append(
          "SCHED_FIFO: \(Self.reason(result)); give the service LimitRTPRIO=\(priority) or CAP_SYS_NICE"
        )
      }
    #else
      grant.problems.append("SCHED_FIFO is Linux-only here")
    #endif
  }

  static func reason(_ code: Int32) -> String {
    switch code {
    case EPERM: "not permitted"
    case ENOMEM: "over the locked-memory limit"
    case EINVAL: "invalid request"
    default: "error \(code)"
    }
  }
}
