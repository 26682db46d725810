import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Chooses the executor's CPU away from devices' interrupts (`CPUPlacement.awayFromDevices`)
/// and, where the kernel lets the process (root, with `/proc/irq` writable), moves the
/// interrupts that can be moved off it, putting each back as it was when the last executor
/// of the process ends. A tick that wakes behind a disk's or a network card's interrupt, and
/// the softirq work it raises, is late by that much: on the 2-core VM of docs/performance.md
/// every commit's disk completion landed on the executor's CPU. Some interrupts cannot be
/// moved (the kernel's managed ones, such as a virtio disk's queue; a CPU's own timer): the
/// choice of CPU avoids those. The executors of a process (a wall's boards) share the CPU:
/// the first to start chooses it and moves the interrupts, the last to end restores them.
public final class InterruptSteering: Sendable {
  /// The machine's.
  public static let shared = InterruptSteering(files: ProcInterruptFiles())

  /// What a starting executor got.
  public struct Claim: Sendable, Hashable {
    /// The CPU to pin to; nil with fewer than two CPUs to choose from.
    public var cpu: Int?
    /// How many interrupts were moved off it.
    public var moved = 0
    /// Devices' interrupts still delivered to that CPU alone, each with why it stays
    /// (`virtio1-req.0 (irq 36): the kernel does not let it move`).
    public var staying: [String] = []
  }

  private struct Original: Sendable {
    var irq: Int
    var cpus: String
  }

  private struct State: Sendable {
    var claim: Claim?
    var users = 0
    var originals: [Original] = []
  }

  private let files: any InterruptFiles
  private let state = Mutex(State())

  public init(files: any InterruptFiles) { self.files = files }

  /// The CPU for an executor that may run on `allowed`, with the movable interrupts moved off
  /// it when `moving`. Pair each claim with a `release()`.
  public func claim(allowed: [Int], moving: Bool) -> Claim {
    state.withLock { state in
      if let claim = state.claim, let cpu = claim.cpu, allowed.contains(cpu) {
        state.users += 1
        return claim
      }
      var table = readTable()
      var claim = Claim(cpu: table.quietestCPU(among: allowed))
      guard let cpu = claim.cpu else { return claim }
      var refusals: [Int: String] = [:]
      if moving, state.claim == nil {
        state.originals = move(off: cpu, in: table, refusals: &refusals)
        claim.moved = state.originals.count
        // A moved interrupt keeps its old delivery until it next fires (x86 moves it then).
        let moved = Set(state.originals.map(\.irq))
        for index in table.lines.indices where moved.contains(table.lines[index].number) {
          table.lines[index].deliveredTo.remove(cpu)
        }
      }
      claim.staying = table.lines.filter { $0.deliveredTo == [cpu] }.map { line in
        "\(line.name) (irq \(line.number)): "
          + (refusals[line.number] ?? (moving ? "stays" : "not moved: moving is off"))
      }
      if state.claim == nil { state.claim = claim }
      state.users += 1
      return claim
    }
  }

  /// An executor that claimed has ended; the last one puts the interrupts back.
  public func release() {
    state.withLock { state in
      state.users = max(0, state.users - 1)
      guard state.users == 0 else { return }
      for original in state.originals.reversed() {
        _ = files.write("irq/\(original.irq)/smp_affinity_list", original.cpus)
      }
      state = State()
    }
  }

  /// `/proc/interrupts` with each line's delivery (its effective affinity, or the one asked
  /// for where the kernel does not say).
  private func readTable() -> DeviceInterrupts {
    var table = DeviceInterrupts(parsing: files.read("interrupts") ?? "")
    for index in table.lines.indices {
      let irq = table.lines[index].number
      let text =
        files.read("irq/\(irq)/effective_affinity_list")
        ?? files.read("irq/\(irq)/smp_affinity_list")
      table.lines[index].deliveredTo = text.flatMap { CPUList.parse($0) } ?? []
    }
    return table
  }

  /// Takes `cpu` out of the affinity of every interrupt that asks for it; what was changed,
  /// to put back. Refused ones get their reason in `refusals`; once the kernel says the
  /// process may not write there at all, it stops asking.
  private func move(off cpu: Int, in table: DeviceInterrupts, refusals: inout [Int: String])
    -> [Original]
  {
    var originals: [Original] = []
    var notPermitted: String?
    for line in table.lines {
      let path = "irq/\(line.number)/smp_affinity_list"
      guard let text = files.read(path), let asked = CPUList.parse(text), asked.contains(cpu)
      else { continue }
      if let notPermitted {
        refusals[line.number] = notPermitted
        continue
      }
      var target = asked.subtracting([cpu])
      if target.isEmpty { target = Set(table.cpus).subtracting([cpu]) }
      guard !target.isEmpty else { continue }
      let result = files.write(path, CPUList.format(target))
      switch result {
      case 0: originals.append(Original(irq: line.number, cpus: CPUList.format(asked)))
      case EACCES:
        notPermitted = "moving interrupts needs root"
        refusals[line.number] = notPermitted
      case EROFS:
        notPermitted = "/proc/irq is read-only here (as under ProtectKernelTunables=yes)"
        refusals[line.number] = notPermitted
      default: refusals[line.number] = "the kernel does not let it move"
      }
    }
    return originals
  }
}
