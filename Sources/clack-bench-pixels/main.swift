// Pixel frame-loop benchmark: drives the real frame loop (PixelExecutor) and the real chip
// driver of a pixel board over a metered bus that counts the bytes on the wire and models the
// time they take at the bus clock (I2C 400 kHz: 9 clocks a byte plus start, address and stop;
// SPI 10 MHz: 8 clocks a byte). It scrolls a long line one pixel per frame — every frame
// changes every chip — and prints, per frame: CPU time of the loop and driver, bus time, the
// frames per second a smooth scroll reaches (CPU and bus one after the other) beside the bus
// alone's bound, the frame-to-pixels latency of a new screen, and heap allocations (goal 0).
// Then it checks the same loop on the register-level simulated chips shows what it drew.
// scripts/bench-pixels.sh builds and runs it; figures go in docs/performance.md.
//
// Usage: clack-bench-pixels [BOARD…] [--frames N] [--require-no-allocations]
import CAllocationCounter
import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL
import ClackHardware
import ClackScheduler
import Foundation

let flags = CommandLine.arguments.dropFirst()
let requireNoAllocations = flags.contains("--require-no-allocations")
let frames =
  flags.firstIndex(of: "--frames").flatMap {
    flags.index(after: $0) < flags.endIndex ? Int(flags[flags.index(after: $0)]) : nil
  }
  ?? 2000
let boards = flags.filter { $0.hasSuffix(".yaml") }
let paths = boards.isEmpty ? ["boards/ht16k33-32x8.yaml", "boards/max7219-32x8.yaml"] : boards

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("clack-bench-pixels: \(message)\n".utf8))
  exit(2)
}

/// Counts what crosses the bus and the time it takes at the bus clock. Allocates nothing.
final class BusMeter {
  let clockHz: Double
  var bytes = 0
  var transactions = 0
  var clocks = 0
  init(clockHz: Double) { self.clockHz = clockHz }
  var seconds: Double { Double(clocks) / clockHz }
  func reset() { (bytes, transactions, clocks) = (0, 0, 0) }
}

/// An I2C bus that takes every transfer (no device is there to NACK) and meters it: start,
/// address byte, the bytes, stop — 9 clocks a byte with its acknowledge, 2 for start and stop.
final class MeteredI2CBus: I2CBus {
  let name = "metered-i2c"
  let capabilities: I2CCapabilities = [.plainI2C, .smbusByte, .smbusByteData, .smbusI2CBlock]
  let meter: BusMeter
  init(meter: BusMeter) { self.meter = meter }

  func transfer(
    address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer
  ) throws(HALError) {
    let count = write.count + read.count
    meter.bytes += count
    meter.transactions += 1
    meter.clocks += 2 + 9 * (1 + count) + (write.count > 0 && read.count > 0 ? 10 : 0)
    for index in 0..<read.count { read[index] = 0 }
  }

  /// SMBus transactions as they go on the wire: address, command byte, data; a read adds a
  /// repeated start and the address again.
  func smbus(
    address: UInt8, _ transaction: SMBusTransaction, buffer: UnsafeMutableRawBufferPointer
  ) throws(HALError) -> UInt16 {
    let (written, read): (Int, Int)
    switch transaction {
    case .sendByte: (written, read) = (1, 0)
    case .receiveByte: (written, read) = (0, 1)
    case .readByteData: (written, read) = (1, 1)
    case .writeByteData: (written, read) = (2, 0)
    case .readWordData: (written, read) = (1, 2)
    case .writeWordData: (written, read) = (3, 0)
    case .readI2CBlock(_, let count): (written, read) = (1, count)
    case .writeI2CBlock(_, let count): (written, read) = (1 + count, 0)
    }
    meter.bytes += written + read
    meter.transactions += 1
    meter.clocks += 2 + 9 * (1 + written + read) + (written > 0 && read > 0 ? 10 : 0)
    return 0
  }
}

/// An SPI device that meters each transfer: 8 clocks a byte at the configured clock.
final class MeteredSPI: SPIDevice {
  let name = "metered-spi"
  let config: SPIConfig
  let meter: BusMeter
  init(meter: BusMeter, speedHz: Int) {
    self.meter = meter
    config = SPIConfig(speedHz: UInt32(speedHz))
  }

  func transfer(write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(HALError)
  {
    meter.bytes += write.count
    meter.transactions += 1
    meter.clocks += 8 * write.count
    for index in 0..<read.count { read[index] = 0 }
  }
}

/// Nanoseconds of this thread's CPU time.
func cpuNanoseconds() -> Int {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
}

func metered(_ definition: PixelBoardDefinition) -> (any PixelPanel, BusMeter) {
  let chips = definition.chips
  switch chips.kind {
  case .max7219:
    let meter = BusMeter(clockHz: 10_000_000)
    let spi = MeteredSPI(meter: meter, speedHz: 10_000_000)
    return (definition.max7219Panel(on: spi), meter)
  case .ht16k33:
    let meter = BusMeter(clockHz: 400_000)
    let bus = MeteredI2CBus(meter: meter)
    do { return (try definition.ht16k33Panel(on: bus), meter) } catch { fail("\(error)") }
  case .is31fl3731:
    let meter = BusMeter(clockHz: 400_000)
    let bus = MeteredI2CBus(meter: meter)
    do { return (try definition.is31fl3731Panel(on: bus), meter) } catch { fail("\(error)") }
  }
}

/// The frame loop on `panel`, scrolling a long line at one pixel per frame.
func scrollingLoop(_ definition: PixelBoardDefinition, grid: PixelGrid, panel: any PixelPanel)
  -> (PixelExecutor, ScreenCommand)
{
  let symbols = grid.symbolSet()
  let fps = 1_000_000 / PixelDrive.frameMicroseconds
  let executor = PixelExecutor(
    panel: panel, grid: grid, symbols: symbols.symbols, depth: definition.depth,
    brightness: definition.brightness, scrollPixelsPerSecond: fps, lineCapacity: 256,
    restMilliseconds: 0)
  let command = executor.makeCommandSlot()
  let text = String(repeating: "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG ", count: 5)
  let layout = TextLayout(rows: grid.rows, cols: grid.cols, flapSet: symbols)
  guard let screen = try? layout.scrollingLayout(text, maxCells: 256) else {
    fail("the benchmark's text does not lay out")
  }
  let cells = screen.frame.cells.map { symbols.index(of: $0) ?? 0 }
  let lines = screen.scrolling.mapValues { $0.map { symbols.index(of: $0) ?? 0 } }
  executor.home(showing: cells)
  executor.tick(now: 0)
  command.loadScreen(cells, scrolling: lines, transition: PixelTransition(kind: .instant))
  executor.apply(command, now: 0)
  return (executor, command)
}

print("clack-bench-pixels: \(frames) frames of a smooth scroll (one pixel a frame) per board")
var allocationFailures = 0
var measured = 0
for path in paths {
  let definition: PixelBoardDefinition
  let grid: PixelGrid
  do {
    definition = try PixelBoardDefinition.load(path: path)
    grid = try definition.characterGrid(file: path)
  } catch { fail("\(error)") }
  if definition.chips.bitBang != nil {
    // Each bit is two GPIO line writes, whose time depends on the GPIO controller: no bus
    // clock to model it by.
    print("\(definition.name): bit-banged on GPIO; not modelled (no bus clock), skipped")
    continue
  }
  let (panel, meter) = metered(definition)
  let (executor, command) = scrollingLoop(definition, grid: grid, panel: panel)
  let period = PixelDrive.frameMicroseconds
  // Warm up: every path of the loop runs once before counting (lazy runtime metadata).
  var now = 0
  for _ in 0..<20 {
    now += period
    executor.tick(now: now)
  }
  meter.reset()
  clack_allocation_counter_start()
  let cpuStart = cpuNanoseconds()
  for _ in 0..<frames {
    now += period
    executor.tick(now: now)
  }
  let cpu = Double(cpuNanoseconds() - cpuStart) / Double(frames) / 1e9
  let allocations = clack_allocation_counter_stop()
  let bus = meter.seconds / Double(frames)
  let bytes = Double(meter.bytes) / Double(frames)
  // Frame-to-pixels: a new screen, instant, taken and drawn in one tick.
  meter.reset()
  let latencyStart = cpuNanoseconds()
  executor.apply(command, now: now)
  executor.tick(now: now)
  let latencyCPU = Double(cpuNanoseconds() - latencyStart) / 1e9
  let latency = latencyCPU + meter.seconds
  let busBound = bus > 0 ? 1 / bus : .infinity
  let reached = 1 / (cpu + bus)
  let goal = min(60, busBound)
  let busName = definition.chips.kind == .max7219 ? "SPI 10 MHz" : "I2C 400 kHz"
  print(
    """
    \(definition.name) (\(definition.geometry.width)×\(definition.geometry.height), \
    \(definition.chips.count) × \(definition.chips.kind.rawValue), \(busName)):
      per frame: \(String(format: "%.1f", bytes)) bytes, bus \(String(format: "%.0f", bus * 1e6)) µs, \
    CPU \(String(format: "%.1f", cpu * 1e6)) µs
      smooth scroll: \(String(format: "%.0f", reached)) frames/s reachable \
    (bus-time bound \(String(format: "%.0f", busBound)) frames/s; goal ≥ \(String(format: "%.0f", goal))) \
    \(reached >= goal ? "MET" : "MISSED")
      frame-to-pixels: \(String(format: "%.2f", latency * 1e3)) ms \
    (CPU \(String(format: "%.0f", latencyCPU * 1e6)) µs + bus \(String(format: "%.0f", meter.seconds * 1e6)) µs)
      allocations per frame: \(String(format: "%.3f", Double(allocations) / Double(frames))) \
    (\(allocations) in \(frames) frames; goal 0)\
    \(clack_allocation_counter_available() == 0 ? " (counter unavailable)" : "")
    """)
  if allocations > 0 { allocationFailures += 1 }
  measured += 1
}
if requireNoAllocations, allocationFailures > 0 {
  print("clack-bench-pixels: FAIL: \(allocationFailures) boards allocated in the frame loop")
  exit(1)
}
if allocationFailures == 0, clack_allocation_counter_available() != 0 {
  print("allocations in the pixel frame loop: 0 on \(measured) boards")
}
print("clack-bench-pixels: done")
