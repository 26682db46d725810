import Foundation
import Synchronization

#if canImport(CRealtime)
  import CRealtime
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// The memory an executor keeps locked: what is mapped when it starts, not what the process
/// maps later. The executor allocates nothing once it runs (the allocation checks count it),
/// so everything it will touch is mapped by then: the program's code and data, its own
/// stack, the heaps that hold its executor, slots and buffers (each page locked as it is
/// first touched, `MCL_ONFAULT`). What the rest of the daemon maps afterwards (the arenas a
/// flood's threads make, blocks mapped on their own, new threads' stacks) stays unlocked,
/// because the allocator cannot hand back a locked page: a thread arena that shrinks while
/// its pages are locked keeps them resident past its end, where no trim reaches them
/// (docs/performance.md, "The executor under a flood"). `MCL_FUTURE` would lock those too.
enum MemoryLock {
  /// The mappings locked so far (start and end addresses), so a trim can unlock them and lock
  /// the same again.
  private static let locked = Mutex<[Range<UInt>]>([])

  /// Locks every mapping there is now, as its pages are touched; 0 or an errno value.
  static func lockWhatIsMapped() -> Int32 {
    #if canImport(Glibc)
      // The calling thread's arena is mapped on its first allocation: made now, it is locked
      // with the rest.
      free(malloc(64))
      guard mlockall(Int32(MCL_CURRENT | MCL_ONFAULT)) == 0 else { return errno }
      let mappings = currentMappings()
      locked.withLock { ranges in
        for mapping in mappings where !ranges.contains(mapping) { ranges.append(mapping) }
      }
      return 0
    #else
      return ENOSYS
    #endif
  }

  /// Runs `body` with nothing locked, then locks again what was locked before (where it is
  /// still mapped). The pages stay resident meanwhile; only paging out is allowed for that
  /// instant.
  static func withUnlocked(_ body: () -> Void) {
    #if canImport(Glibc) && canImport(CRealtime)
      munlockall()
      body()
      for range in locked.withLock({ $0 }) {
        // A mapping gone since (a thread's stack, say) is an error here, and nothing to lock.
        _ = clack_lock_on_fault(UnsafeMutableRawPointer(bitPattern: range.lowerBound), range.count)
      }
    #else
      body()
    #endif
  }

  /// The process's mappings, from /proc/self/maps.
  static func currentMappings() -> [Range<UInt>] {
    guard let maps = procText("/proc/self/maps") else { return [] }
    return maps.split(separator: "\n").compactMap(currentMappingRange)
  }

  /// A file of /proc, read to its end: `String(contentsOfFile:)` reads such a file's first
  /// page only (it reports a size of 0), and a busy process's maps run to many pages.
  static func procText(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return (try? handle.readToEnd()).flatMap { String(decoding: $0, as: UTF8.self) }
  }

  /// The addresses a line of /proc/self/maps or /proc/self/smaps names (`start-end perms …`),
  /// or nil for any other line.
  static func currentMappingRange(_ line: Substring) -> Range<UInt>? {
    let addresses = line.prefix { $0 != " " }.split(separator: "-")
    guard addresses.count == 2, let start = UInt(addresses[0], radix: 16),
      let end = UInt(addresses[1], radix: 16), start < end
    else { return nil }
    return start..<end
  }
}
