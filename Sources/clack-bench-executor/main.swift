// Executor benchmark: runs the real-time executor thread on a board's simulated twin in real
// time (SCHED_FIFO and locked memory when permitted), changing frames mid-motion every couple
// of seconds, and prints the tick jitter (p50, p99, max), deadline misses and the heap
// allocations the thread made per tick. Then it runs `cyclictest` (Debian rt-tests) at the same
// interval for the same time, so the executor's jitter can be read beside the machine's own.
// scripts/bench-executor.sh builds and runs it; figures go in docs/performance.md.
//
// Usage: clack-bench-executor [BOARD] [SECONDS] [--require-no-allocations] [--no-cyclictest]
//   [--no-idle-hold] (let the CPUs into deep idle states while ticking: to see what the hold
//   on /dev/cpu_dma_latency is worth)
import CAllocationCounter
import ClackBoard
import ClackCore
import ClackHardware
import ClackScheduler
import ClackSimHAL
import Foundation
import Histogram
import Synchronization

let arguments = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("--") }
let requireNoAllocations = CommandLine.arguments.contains("--require-no-allocations")
let skipCyclictest = CommandLine.arguments.contains("--no-cyclictest")
let holdCPULatency = !CommandLine.arguments.contains("--no-idle-hold")
let boardPath = arguments.first ?? "boards/sim-6x22.yaml"
let seconds = arguments.dropFirst().first.flatMap(Int.init) ?? 10

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("clack-bench-executor: \(message)\n".utf8))
  exit(2)
}

let board: BoardDefinition
let twin: SimulatedBoard
do {
  board = try BoardDefinition.load(path: boardPath)
  twin = try SimulatedBoard(board: board)
} catch {
  fail("\(error)")
}
twin.log.isEnabled = false
// Stepped modules, or smart ones (which step themselves: the thread only sends and polls).
let executor: TickExecutor
let planner: Planner
if let bank = twin.stepped {
  let stepped = SteppedExecutor(bank: bank, board: board)
  (executor, planner) = (stepped, stepped.planner)
} else if let bank = twin.smart {
  let smart = SmartExecutor(bank: bank, board: board)
  (executor, planner) = (smart, smart.planner)
} else {
  fail("\(boardPath) is a pixel board; clack-bench-pixels measures those")
}
let tick = ExecutorThread.tickMicroseconds(for: board, smart: twin.smart != nil)

/// Allocations counted on the executor thread, read on every tick (reading does not allocate).
let allocations = Atomic<Int>(0)
/// Ticks seen by the hook: counting starts on the second, once every path of the loop has run
/// once (the Swift runtime instantiates some generic metadata lazily, on first use).
let hookTicks = Atomic<Int>(0)
/// Time the simulation's own hook takes each tick (the twin's clock and its smart modules'
/// firmware); the simulated buses' models run inside the tick's transfers and count as tick
/// work.
let simulationWork = JitterRecorder()
nonisolated(unsafe) let simulatedClock = twin.clock
nonisolated(unsafe) let simulatedFirmware = twin.firmware
let thread = ExecutorThread(
  executor: executor, tickMicroseconds: tick,
  setup: RealtimeSetup(holdCPULatency: holdCPULatency),
  onTick: { elapsed in
    let hookStarted = MonotonicTickClock.raw()
    defer { simulationWork.record(nanoseconds: MonotonicTickClock.raw() - hookStarted) }
    // The twin's hardware follows real time.
    let target = UInt64(elapsed)
    if target > simulatedClock.nanoseconds {
      simulatedClock.advance(nanoseconds: target - simulatedClock.nanoseconds)
    }
    // Smart modules' firmware runs on its own time, as the real modules do.
    for model in simulatedFirmware { model.advance(to: simulatedClock.nanoseconds) }
    let seen = hookTicks.wrappingAdd(1, ordering: .relaxed).newValue
    if seen == 2 {
      clack_allocation_counter_start()
    } else if seen > 2 {
      allocations.store(Int(clack_allocation_counter_read()), ordering: .relaxed)
    }
  })

let grant = thread.start()
print(
  "board: \(board.name), \(board.moduleCount) modules, budget \(board.maxMoving); tick \(tick) µs")
print(grant)

// Home, then a new random frame every 2 s, planned from mid-motion positions.
var random = SplitMix64(seed: 7)
func randomFrame(_ random: inout SplitMix64) -> [Int] {
  (0..<board.moduleCount).map { _ in random.uniform(below: board.flapSet.count) }
}
thread.home(showing: randomFrame(&random))
let start = Date()
var frames = 0
let transitions: [Transition] = [
  Transition(.fastest), Transition(.column), Transition(.reveal), Transition(.random),
]
while Date().timeIntervalSince(start) < Double(seconds) {
  Thread.sleep(forTimeInterval: 2)
  // Modules still homing take the new target when they are done.
  thread.show(
    randomFrame(&random), transition: transitions[frames % transitions.count],
    planner: planner)
  frames += 1
}
thread.stop()
simulationWork.retire()  // the thread has stopped: its records are the reader's
let state = thread.state
let jitter = thread.jitter.snapshot()
let counted = allocations.load(ordering: .relaxed)

func micros(_ nanoseconds: UInt64) -> String {
  String(format: "%.1f", Double(nanoseconds) / 1000)
}

print("ran \(state.ticks) ticks in \(seconds) s; \(frames) frames changed mid-motion")
print("")
print("| measure | p50 µs | p99 µs | max µs | deadline misses |")
print("|---|---|---|---|---|")
print(
  "| executor thread wake-up lateness | \(micros(jitter.valueAtPercentile(50))) | "
    + "\(micros(jitter.valueAtPercentile(99))) | \(micros(jitter.max)) | \(state.deadlineMisses) |")
for (name, histogram) in [
  ("work per tick, from wake-up to report (the simulated buses included)", thread.work.snapshot()),
  ("of which the simulation's hook (twin clock, module firmware)", simulationWork.snapshot()),
] {
  print(
    "| \(name) | \(micros(histogram.valueAtPercentile(50))) | "
      + "\(micros(histogram.valueAtPercentile(99))) | \(micros(histogram.max)) | |")
}

// cyclictest at the same interval and priority, for as long.
if skipCyclictest {
  print("| cyclictest | skipped (--no-cyclictest) | | | |")
} else if let cyclic = runCyclictest(
  intervalMicroseconds: tick, loops: max(1000, seconds * 1_000_000 / tick))
{
  print(
    "| cyclictest, same interval and priority | \(cyclic.p50) | \(cyclic.p99) | \(cyclic.max) | – |"
  )
  // One line that scripts/bench-executor.sh reads to report the worst of its runs.
  let ratio = Double(jitter.valueAtPercentile(99)) / 1000 / Double(max(1, cyclic.p99))
  let gap = Double(jitter.valueAtPercentile(50)) / 1000 - Double(cyclic.p50)
  print("")
  print(
    "against cyclictest: p99 \(String(format: "%.2f", ratio))× (goal at most 1.5×: "
      + "\(ratio <= 1.5 ? "met" : "MISSED")); p50 \(String(format: "%+.1f", gap)) µs (goal within "
      + "10 µs: \(gap <= 10 ? "met" : "MISSED"))")
} else {
  print("| cyclictest | not installed (apt install rt-tests) | | | |")
}
print("")
let countedTicks = max(1, state.ticks - 2)
let perTick = Double(counted) / Double(countedTicks)
print(
  "allocations on the executor thread: \(counted) in \(countedTicks) ticks "
    + "(\(String(format: "%.4f", perTick)) per tick)"
    + (clack_allocation_counter_available() == 0 ? " — counter unavailable on this platform" : ""))
if requireNoAllocations, counted != 0 {
  fail("the executor thread allocated \(counted) times; the tick loop must not allocate")
}

struct CyclicFigures {
  let p50: Int
  let p99: Int
  let max: Int
}

/// Runs cyclictest with a histogram and reads its percentiles (µs) from it.
func runCyclictest(intervalMicroseconds: Int, loops: Int) -> CyclicFigures? {
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cyclictest") else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/cyclictest")
  process.arguments = [
    "--mlockall", "--priority=80", "--interval=\(intervalMicroseconds)", "--loops=\(loops)",
    "--threads=1", "--quiet", "--histogram=10000",
  ]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = Pipe()
  do { try process.run() } catch { return nil }
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  var counts: [(Int, Int)] = []
  var maximum = 0
  for line in output.split(separator: "\n") {
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
