import Foundation
import Testing

@testable import ClackScheduler

#if canImport(Glibc)
  import Glibc
#endif

/// The executor locks what is mapped when it starts and nothing mapped later, so the memory a
/// flood's threads map can be handed back (docs/performance.md, "The executor under a flood").
/// Read from the kernel's own account of each mapping (`VmFlags` in /proc/self/smaps: `lo`
/// locked, `lf` locked as pages are touched). Locking all current memory needs root or
/// CAP_IPC_LOCK (the test process maps far more than the default limit), as CI has.
@Suite(.serialized) struct MemoryLockTests {
  #if canImport(Glibc)
    @Test(.enabled(if: geteuid() == 0, "locking all current memory needs root"))
    func whatIsMappedLaterStaysUnlockedAndATrimLocksTheSameAgain() throws {
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let before = try #require(map(pages: 4, of: page))
      defer { munmap(before, 4 * page) }
      #expect(MemoryLock.lockWhatIsMapped() == 0)
      defer { munlockall() }
      let after = try #require(map(pages: 4, of: page))
      defer { munmap(after, 4 * page) }
      #expect(flags(of: before).contains("lf"), "mapped before the lock: locked as touched")
      #expect(!flags(of: after).contains("lo"), "mapped after the lock: not locked")

      var during: Set<String> = []
      RealtimeGrant.withMemoryUnlocked { during = flags(of: before) }
      #expect(!during.contains("lo"), "unlocked for the trim")
      #expect(flags(of: before).contains("lf"), "locked again after it")
      #expect(!flags(of: after).contains("lo"), "still not locked after it")
    }
  #endif

  @Test func theMappingsListHoldsTheStackAndTheHeap() {
    let mappings = MemoryLock.currentMappings()
    // More than a page of /proc/self/maps: read to its end.
    #expect(mappings.count > 60)
    var local = 0
    let stack = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
    #expect(mappings.contains { $0.contains(stack) }, "the calling thread's stack")
    let block = malloc(64)
    defer { free(block) }
    let heap = UInt(bitPattern: block)
    #expect(mappings.contains { $0.contains(heap) }, "the heap")
  }
}

#if canImport(Glibc)
  private func map(pages: Int, of page: Int) -> UnsafeMutableRawPointer? {
    let address = mmap(
      nil, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let address, address != MAP_FAILED else { return nil }
    // Touched, so a lock on fault has something to lock.
    address.storeBytes(of: 1, as: UInt8.self)
    return address
  }

  /// The `VmFlags` of the mapping that holds `address`, from /proc/self/smaps.
  private func flags(of address: UnsafeMutableRawPointer) -> Set<String> {
    let target = UInt(bitPattern: address)
    guard let smaps = MemoryLock.procText("/proc/self/smaps") else { return [] }
    var inside = false
    for line in smaps.split(separator: "\n") {
      if let range = MemoryLock.currentMappingRange(line) {
        inside = range.contains(target)
      } else if inside, line.hasPrefix("VmFlags:") {
        return Set(line.dropFirst("VmFlags:".count).split(separator: " ").map(String.init))
      }
    }
    return []
  }
#endif
