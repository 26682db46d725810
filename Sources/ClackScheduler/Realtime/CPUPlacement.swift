#if canImport(CRealtime)
  import CRealtime
#endif

/// Which CPU the executor thread runs on. A thread that may run anywhere is woken wherever
/// the scheduler last left it, behind whatever interrupt arrived there; on a Raspberry Pi
/// every device interrupt (SD card, USB, network, GPIO) goes to CPU 0 by default, and other
/// machines bind some to other CPUs for good (a VM's disk queue). So by default the thread
/// is pinned to the CPU the devices interrupt least, and the interrupts that may move are
/// moved off it where the process is allowed to (`InterruptSteering`); on a single-CPU
/// machine it stays where it is.
public enum CPUPlacement: Sendable, Hashable {
  /// Wherever the kernel puts it.
  case anywhere
  /// The highest-numbered CPU in the process's affinity mask, when it has two or more.
  case lastAllowed
  /// The CPU of the process's affinity mask that the devices delivered to it alone have
  /// interrupted least since boot, the highest-numbered of equals (the last CPU on a
  /// Raspberry Pi), when it has two or more (`DeviceInterrupts.quietestCPU`).
  case awayFromDevices
  /// This CPU.
  case cpu(Int)

  /// The CPUs the calling thread may run on, in order (empty where unknown).
  public static func allowedCPUs() -> [Int] {
    #if canImport(CRealtime)
      let mask = clack_allowed_cpus()
      return (0..<64).filter { mask & (1 << UInt64($0)) != 0 }
    #else
      return []
    #endif
  }

  /// The CPU the calling thread runs on at this moment (nil where unknown).
  public static func currentCPU() -> Int? {
    #if canImport(CRealtime)
      let cpu = clack_current_cpu()
      return cpu >= 0 ? Int(cpu) : nil
    #else
      return nil
    #endif
  }

  /// The CPU this placement names on this machine, given its devices' interrupts, or nil to
  /// leave the thread where it is.
  public func resolved(allowed: [Int], interrupts: DeviceInterrupts = .init(cpus: [], lines: []))
    -> Int?
  {
    switch self {
    case .anywhere: nil
    case .lastAllowed: allowed.count >= 2 ? allowed.last : nil
    case .awayFromDevices: interrupts.quietestCPU(among: allowed)
    case .cpu(let number): number
    }
  }
}

extension RealtimeGrant {
  /// Pins the calling thread (the executor thread) as `setup` asks.
  static func place(_ setup: RealtimeSetup, into grant: inout RealtimeGrant) {
    let allowed = CPUPlacement.allowedCPUs()
    let chosen: Int?
    if setup.placement == .awayFromDevices {
      let claim = InterruptSteering.shared.claim(
        allowed: allowed, moving: setup.movesDeviceInterrupts)
      grant.interruptsClaimed = claim.cpu != nil
      grant.interruptsMoved = claim.moved
      grant.interruptsStaying = claim.staying
      chosen = claim.cpu
    } else {
      chosen = setup.placement.resolved(allowed: allowed)
    }
    guard let cpu = chosen else { return }
    #if canImport(CRealtime)
      let result = clack_pin_to_cpu(Int32(cpu))
      if result == 0 {
        grant.cpu = cpu
        // The daemon's other threads (HTTP, MQTT, the store, the display loop) wake often
        // under load; off this CPU they cannot hold a tick behind them, even for the instant
        // before preemption.
        if setup.keepsCPUToItself {
          let moved = clack_keep_cpu_for_caller(Int32(cpu))
          if moved >= 0 {
            grant.cpuKeptToItself = true
          } else {
            grant.problems.append(
              "cannot keep the other threads off CPU \(cpu): \(Self.reason(-moved))")
          }
        }
      } else {
        grant.problems.append("CPU \(cpu): \(Self.reason(result)); the thread runs on any CPU")
      }
    #else
      grant.problems.append("CPU placement is Linux-only here")
    #endif
  }
}

extension RealtimeGrant {
  /// As the executor thread ends: its CPU is the other threads' again (a process that drives
  /// a board for a while, as tests and `clack home` do, goes on with every CPU), and the
  /// devices' interrupts moved off it are put back once no executor of the process is left.
  static func unplace(_ grant: RealtimeGrant) {
    if grant.interruptsClaimed { InterruptSteering.shared.release() }
    #if canImport(CRealtime)
      guard grant.cpuKeptToItself, let cpu = grant.cpu else { return }
      clack_share_cpu_again(Int32(cpu))
    #endif
  }
}
