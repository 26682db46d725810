import Foundation
import Synchronization
import Testing

@testable import ClackScheduler

#if canImport(Glibc)
  import Glibc
#endif

/// A machine's `/proc` as `InterruptSteering` sees it: the files' text, and the errno values
/// the kernel answers writes with (a managed interrupt's EPERM, a non-root process's EACCES).
final class FakeInterruptFiles: InterruptFiles {
  let files: Mutex<[String: String]>
  let refusals: [String: Int32]
  let refuseAll: Int32?

  init(_ files: [String: String], refusing refusals: [String: Int32] = [:], all: Int32? = nil) {
    self.files = Mutex(files)
    self.refusals = refusals
    self.refuseAll = all
  }

  func read(_ path: String) -> String? { files.withLock { $0[path] } }

  func write(_ path: String, _ text: String) -> Int32 {
    if let code = refuseAll ?? refusals[path] { return code }
    files.withLock { $0[path] = text + "\n" }
    return 0
  }

  subscript(path: String) -> String? { files.withLock { $0[path] } }
}

/// The 2-core VM of docs/performance.md: the disk's queue (36, managed) on CPU 1, the
/// network's on CPU 0, the balloon's stats on both.
let vmInterrupts = """
             CPU0       CPU1
   24:          2          0  IO-APIC   5-edge      ACPI:Ged
   31:       2144       1103 PCI-MSIX-0000:00:01.0   3-edge      virtio0-stats
   36:          0     837884 PCI-MSIX-0000:00:02.0   1-edge      virtio1-req.0
   41:       6778          0 PCI-MSIX-0000:00:04.0   1-edge      virtio3-rx
   42:       8085       9499 PCI-MSIX-0000:00:04.0   2-edge      virtio3-tx
  NMI:          0          0   Non-maskable interrupts
  LOC:    3801280    5452733   Local timer interrupts
  """

func vmFiles() -> [String: String] {
  var files = ["interrupts": vmInterrupts]
  for (irq, effective) in [(24, "0"), (31, "0"), (36, "1"), (41, "0"), (42, "0")] {
    files["irq/\(irq)/smp_affinity_list"] = irq == 36 ? "1\n" : "0-1\n"
    files["irq/\(irq)/effective_affinity_list"] = effective + "\n"
  }
  return files
}

/// A Raspberry Pi 4: every device on CPU 0, the CPUs' own timer (11) on all four.
let piInterrupts = """
             CPU0       CPU1       CPU2       CPU3
   11:      52367      31226      45178      31702     GICv2  30 Level     arch_timer
   14:       9046          0          0          0     GICv2  65 Level     fe00b880.mailbox
   24:      28812          0          0          0     GICv2 158 Level     mmc1, mmc0
   31:      40123          0          0          0     GICv2 189 Level     eth0
  IPI0:      4570       6310       5923       6290       Rescheduling interrupts
  Err:          0
  """

func piFiles() -> [String: String] {
  var files = ["interrupts": piInterrupts]
  for irq in [14, 24, 31] {
    files["irq/\(irq)/smp_affinity_list"] = "0-3\n"
    files["irq/\(irq)/effective_affinity_list"] = "0\n"
  }
  files["irq/11/smp_affinity_list"] = "0-3\n"
  files["irq/11/effective_affinity_list"] = "0-3\n"
  return files
}

@Suite struct InterruptSteeringTests {
  @Test func cpuListsReadAndWriteTheKernelsFormat() {
    #expect(CPUList.parse("0-3,6\n") == [0, 1, 2, 3, 6])
    #expect(CPUList.parse("1") == [1])
    #expect(CPUList.parse("") == nil)
    #expect(CPUList.parse("3-1") == nil)
    #expect(CPUList.parse("a") == nil)
    #expect(CPUList.format([0, 1, 2, 5, 7, 8]) == "0-2,5,7-8")
    #expect(CPUList.format([1]) == "1")
  }

  @Test func theTableHasTheNumberedLinesOnly() {
    let table = DeviceInterrupts(parsing: piInterrupts)
    #expect(table.cpus == [0, 1, 2, 3])
    #expect(table.lines.map(\.number) == [11, 14, 24, 31])
    #expect(table.lines.map(\.name) == ["arch_timer", "fe00b880.mailbox", "mmc1, mmc0", "eth0"])
    #expect(table.lines[0].total == 52367 + 31226 + 45178 + 31702)
  }

  @Test func theQuietestCPUIsTheOneNoDeviceIsDeliveredToAlone() {
    var table = DeviceInterrupts(parsing: vmInterrupts)
    for index in table.lines.indices {
      table.lines[index].deliveredTo = table.lines[index].number == 36 ? [1] : [0]
    }
    #expect(table.load(on: 1) == 837884)
    #expect(table.load(on: 0) == 2 + 2144 + 1103 + 6778 + 8085 + 9499)
    #expect(table.quietestCPU(among: [0, 1]) == 0)
    #expect(table.quietestCPU(among: [1]) == nil, "no choice with one CPU")
    #expect(CPUPlacement.awayFromDevices.resolved(allowed: [0, 1], interrupts: table) == 0)
    // Where nothing is known every CPU is equal: the last, as on a Pi.
    #expect(CPUPlacement.awayFromDevices.resolved(allowed: [0, 1, 2]) == 2)
  }

  @Test func onTheVMTheExecutorLeavesTheDiskItsCPUAndTakesTheOther() {
    let files = FakeInterruptFiles(vmFiles(), refusing: ["irq/36/smp_affinity_list": EPERM])
    let steering = InterruptSteering(files: files)
    let claim = steering.claim(allowed: [0, 1], moving: true)
    #expect(claim.cpu == 0)
    #expect(claim.moved == 4)
    #expect(claim.staying.isEmpty)
    for irq in [24, 31, 41, 42] { #expect(files["irq/\(irq)/smp_affinity_list"] == "1\n") }
    #expect(files["irq/36/smp_affinity_list"] == "1\n", "the managed one is not touched")
    steering.release()
    for irq in [24, 31, 41, 42] {
      #expect(files["irq/\(irq)/smp_affinity_list"] == "0-1\n", "put back as it was")
    }
  }

  @Test func anUnmovableInterruptOnTheChosenCPUIsReportedWithWhy() {
    // A disk that has been quiet since boot.
    var machine = vmFiles()
    machine["interrupts"] = vmInterrupts.replacingOccurrences(of: "837884", with: "0")
    let files = FakeInterruptFiles(machine, refusing: ["irq/36/smp_affinity_list": EPERM])
    let claim = InterruptSteering(files: files).claim(allowed: [0, 1], moving: true)
    // Quiet since boot, the disk's CPU is the choice; its interrupt stays, and says why.
    #expect(claim.cpu == 1)
    #expect(claim.staying == ["virtio1-req.0 (irq 36): the kernel does not let it move"])
    var grant = RealtimeGrant(fifoPriority: nil, memoryLocked: false, problems: [])
    grant.cpu = claim.cpu
    grant.interruptsMoved = claim.moved
    grant.interruptsStaying = claim.staying
    #expect(claim.moved == 4)
    #expect(grant.description.contains("4 device interrupts moved off it"))
    #expect(
      grant.description.contains(
        "device interrupts still on CPU 1: virtio1-req.0 (irq 36): the kernel does not let it move"
      ))
  }

  @Test func withoutRootNothingMovesAndThePiStillGetsItsLastCPU() {
    let files = FakeInterruptFiles(piFiles(), all: EACCES)
    let steering = InterruptSteering(files: files)
    let claim = steering.claim(allowed: [0, 1, 2, 3], moving: true)
    #expect(claim.cpu == 3)
    #expect(claim.moved == 0)
    #expect(claim.staying.isEmpty, "no device is delivered to CPU 3")
    #expect(files["irq/31/smp_affinity_list"] == "0-3\n")
    steering.release()
  }

  @Test func readOnlyProcIsNamedForTheInterruptsThatStay() {
    var machine = vmFiles()
    machine["interrupts"] = vmInterrupts.replacingOccurrences(of: "837884", with: "0")
    let claim = InterruptSteering(files: FakeInterruptFiles(machine, all: EROFS))
      .claim(allowed: [0, 1], moving: true)
    #expect(claim.cpu == 1)
    #expect(claim.moved == 0)
    #expect(
      claim.staying == [
        "virtio1-req.0 (irq 36): /proc/irq is read-only here (as under ProtectKernelTunables=yes)"
      ])
  }

  @Test func aWallsExecutorsShareTheCPUAndTheLastToEndRestores() {
    let files = FakeInterruptFiles(vmFiles(), refusing: ["irq/36/smp_affinity_list": EPERM])
    let steering = InterruptSteering(files: files)
    let first = steering.claim(allowed: [0, 1], moving: true)
    // Once moved, the interrupts' table would point elsewhere; the second takes the same CPU.
    let second = steering.claim(allowed: [0, 1], moving: true)
    #expect(first.cpu == 0)
    #expect(second == first)
    steering.release()
    #expect(files["irq/41/smp_affinity_list"] == "1\n", "one executor still runs")
    steering.release()
    #expect(files["irq/41/smp_affinity_list"] == "0-1\n")
    // And a new start chooses and moves afresh.
    #expect(steering.claim(allowed: [0, 1], moving: true).moved == 4)
    steering.release()
  }

  @Test func movingOffLeavesTheInterruptsAlone() {
    let files = FakeInterruptFiles(vmFiles())
    let claim = InterruptSteering(files: files).claim(allowed: [0, 1], moving: false)
    #expect(claim.cpu == 0)
    #expect(claim.moved == 0)
    #expect(claim.staying.count == 4)
    #expect(files["irq/41/smp_affinity_list"] == "0-1\n")
  }

  @Test func procFilesAreReadAndWrittenUnderTheirRoot() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-proc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("irq/41"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let long = String(repeating: vmInterrupts, count: 200)  // more than one read's worth
    try long.write(to: root.appendingPathComponent("interrupts"), atomically: true, encoding: .utf8)
    try "0-1\n".write(
      to: root.appendingPathComponent("irq/41/smp_affinity_list"), atomically: true,
      encoding: .utf8)
    let files = ProcInterruptFiles(root: root.path)
    #expect(files.read("interrupts") == long)
    #expect(files.read("irq/99/smp_affinity_list") == nil)
    #expect(files.write("irq/41/smp_affinity_list", "1") == 0)
    #expect(files.read("irq/41/smp_affinity_list") == "1")
    #expect(files.write("irq/99/smp_affinity_list", "1") == ENOENT)
  }
}
