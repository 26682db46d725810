// Executor benchmark: runs the real-time executor thread on a board's simulated twin in real
// time (SCHED_FIFO and locked memory when permitted), changing frames mid-motion every couple
// of seconds, and prints the tick jitter (p50, p99, max), deadline misses and the heap
// allocations the thread made per tick. Meanwhile `cyclictest` (Debian rt-tests) runs at the
// same interval on the same CPU, one priority above, so the executor's jitter is read beside
// the machine's own under the same noise (this VM's host noise comes in bursts, so one after
// the other could compare a quiet spell with a loud one); cyclictest's few microseconds of
// work a tick can only delay the executor, never flatter it.
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
let executor: any TickExecutor<FlapCommand>
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
let tick = board.flapTickMicroseconds(smart: twin.smart != nil)

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
let thread = ExecutorThread<FlapCommand>(
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
// cyclictest on the executor's CPU, for as long as the executor runs.
let cyclictest =
  skipCyclictest
  ? nil
  : Cyclictest(
    intervalMicroseconds: tick, loops: max(1000, seconds * 1_000_000 / tick), cpu: grant.cpu,
    priority: (grant.fifoPriority ?? 79) + 1)
var frames = 0
let transitions: [Transition] = [
  Transition(.fastest), Transition(.column), Transition(.reveal), Transition(.random),
]
// Read the state as the daemon does, every few milliseconds, each read kept while the next is
// taken (the display keeps its last state while a face reads another): a state that shared the
// report's storage would make the executor copy it when the buffer came back to it (an
// allocation the count below would show).
var kept = (thread.state, thread.state)
while Date().timeIntervalSince(start) < Double(seconds) {
  let frameStarted = Date()
  while Date().timeIntervalSince(frameStarted) < 2 {
    Thread.sleep(forTimeInterval: 0.002)
    kept = (kept.1, thread.state)
  }
  // Modules still homing take the new target when they are done.
  thread.show(
    randomFrame(&random), transition: transitions[frames % transitions.count],
    planner: planner)
  frames += 1
}
thread.stop()
_ = kept
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

// cyclictest, run alongside.
if skipCyclictest {
  print("| cyclictest | skipped (--no-cyclictest) | | | |")
} else if let cyclic = cyclictest?.figures() {
  let place = grant.cpu.map { "CPU \($0)" } ?? "any CPU"
  print(
    "| cyclictest, same interval, \(place), alongside | \(cyclic.p50) | \(cyclic.p99) | "
      + "\(cyclic.max) | – |")
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
