import Foundation

/// Percentiles (µs) from a cyclictest histogram.
struct CyclicFigures {
  let p50: Int
  let p99: Int
  let max: Int
}

/// cyclictest (Debian rt-tests), started at once and read when it is done.
final class Cyclictest {
  private let process = Process()
  private let output = Pipe()

  /// Starts it, or returns nil when it is not installed or does not start. `cpu`: pin it
  /// there; `priority`: its SCHED_FIFO priority.
  init?(intervalMicroseconds: Int, loops: Int, cpu: Int?, priority: Int32) {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cyclictest") else { return nil }
    process.executableURL = URL(fileURLWithPath: "/usr/bin/cyclictest")
    process.arguments =
      [
        "--mlockall", "--priority=\(priority)", "--interval=\(intervalMicroseconds)",
        "--loops=\(loops)", "--threads=1", "--quiet", "--histogram=10000",
      ] + (cpu.map { ["--affinity=\($0)"] } ?? [])
    process.standardOutput = output
    process.standardError = Pipe()
    do { try process.run() } catch { return nil }
  }

  /// Waits for it to finish and reads its percentiles from the histogram.
  func figures() -> CyclicFigures? {
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var counts: [(Int, Int)] = []
    var maximum = 0
    for line in text.split(separator: "\n") {
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if line.hasPrefix("# Max Latencies:"), let value = fields.last.flatMap({ Int($0) }) {
        maximum = value
      } else if !line.hasPrefix("#"), fields.count >= 2, let bucket = Int(fields[0]),
        let count = Int(fields[1])
      {
        counts.append((bucket, count))
      }
    }
    let total = counts.reduce(0) { $0 + $1.1 }
    guard total > 0 else { return nil }
    func percentile(_ p: Double) -> Int {
      var seen = 0
      for (bucket, count) in counts {
        seen += count
        if Double(seen) >= p / 100 * Double(total) { return bucket }
      }
      return counts.last?.0 ?? 0
    }
    return CyclicFigures(p50: percentile(50), p99: percentile(99), max: maximum)
  }
}
