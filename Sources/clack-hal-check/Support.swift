import CAllocationCounter
import ClackHAL

#if canImport(Glibc)
  import Glibc
#endif

/// Runs named checks, printing one line for each and keeping count, for a serial console log
/// that scripts/vm-test.sh reads.
final class CheckRunner {
  private(set) var failed = 0
  private(set) var passed = 0

  func check(_ name: String, _ body: () throws -> Void) {
    do {
      try body()
      passed += 1
      print("PASS \(name)")
    } catch {
      failed += 1
      print("FAIL \(name): \(error)")
    }
  }
}

/// A failed expectation inside a check.
struct CheckFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

func expect(_ condition: Bool, _ message: @autoclosure () throws -> String) throws {
  if !condition { throw CheckFailure(try message()) }
}

/// Runs `body`, which must throw a HALError of `kind`; returns it for further checks.
func expectHALError(_ kind: HALErrorKind, _ body: () throws -> Void) throws -> HALError {
  do {
    try body()
  } catch let error as HALError {
    try expect(error.kind == kind, "expected a \(kind) error, got \(error.kind): \(error.message)")
    return error
  }
  throw CheckFailure("expected a \(kind) error, but the operation succeeded")
}

/// gpio-sim's sysfs view of one simulated chip: what the program drives, and pulls to feed
/// inputs.
struct SimulatedChip {
  let directory: String

  func value(_ line: Int) throws -> Bool {
    let text = try readFile("\(directory)/sim_gpio\(line)/value")
    return text.hasPrefix("1")
  }

  func pull(_ line: Int, up: Bool) throws {
    try writeFile("\(directory)/sim_gpio\(line)/pull", up ? "pull-up" : "pull-down")
  }
}

func readFile(_ path: String) throws -> String {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { throw CheckFailure("cannot open \(path) (errno \(errno))") }
  defer { close(fd) }
  var buffer = [UInt8](repeating: 0, count: 64)
  let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
  guard count >= 0 else { throw CheckFailure("cannot read \(path) (errno \(errno))") }
  return String(decoding: buffer[0..<count], as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) throws {
  let fd = open(path, O_WRONLY)
  guard fd >= 0 else { throw CheckFailure("cannot open \(path) (errno \(errno))") }
  defer { close(fd) }
  let bytes = Array(text.utf8)
  let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  guard count == bytes.count else { throw CheckFailure("cannot write \(path) (errno \(errno))") }
}

/// Monotonic time in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// `--name value` pairs from the command line.
func options(_ arguments: [String]) -> [String: String] {
  var result: [String: String] = [:]
  var index = 1
  while index + 1 < arguments.count {
    result[arguments[index]] = arguments[index + 1]
    index += 2
  }
  return result
}

/// The heap allocations this thread makes running `body` `times` times, after one round to
/// warm up (the Swift runtime builds some metadata on first use).
func countAllocations(times: Int, _ body: (Int) throws -> Void) throws -> Int64 {
  try body(0)
  clack_allocation_counter_start()
  for index in 1...times { try body(index) }
  let counted = clack_allocation_counter_stop()
  return clack_allocation_counter_available() == 0 ? -1 : counted
}

/// Somewhere an allocation under test must go, so the optimiser cannot drop it.
nonisolated(unsafe) var keptAlive: [Int] = []
