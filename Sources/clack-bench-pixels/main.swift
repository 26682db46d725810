// Pixel frame-loop benchmark: drives the real frame loop (PixelExecutor) and the real chip
// driver of a pixel board over a metered bus that counts the bytes on the wire and charges
// their time by the simulated buses' model (ClackSimHAL's WireTiming: a Pi's cost of each
// call, then I2C at 400 kHz, 9 clocks a byte plus start, address and stop; SPI at 10 MHz,
// 8 clocks a byte; a bit-banged board's GPIO calls). It scrolls a long line one pixel per frame — every frame
// changes every chip — and prints, per frame: CPU time of the loop and driver, bus time, the
// frames per second a smooth scroll reaches (CPU and bus one after the other) beside the bus
// alone's bound, the frame-to-pixels latency of a new screen, and heap allocations (goal 0).
// It then plays a picture page's animation on the same loop and counts its allocations too.
// A colour panel (WS2812, SK6812, APA102 chains on SPI, a FlaschenTaschen display over UDP)
// must also reach 95 % of its wire-time bound: every frame of a chain rewrites every LED.
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
import ClackSimHAL
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

/// Counts what crosses the bus and the time it takes on the wire, by the simulated buses'
/// model (`WireTiming`: a Pi's cost of each call, then the bits at the bus clock). Allocates
/// nothing.
final class BusMeter {
  let timing: WireTiming
  /// Bus time so far; a bit-banged board's GPIO controller charges its calls to it.
  let clock = VirtualClock()
  var bytes = 0
  var transactions = 0
  init(timing: WireTiming) { self.timing = timing }
  /// Counting starts again from now.
  func reset() {
    (bytes, transactions) = (0, 0)
    started = clock.nanoseconds
  }
  private(set) var started: UInt64 = 0
  var elapsedSeconds: Double { Double(clock.nanoseconds - started) / 1e9 }
}

/// An I2C bus that takes every transfer (no device is there to NACK) and meters it.
final class MeteredI2CBus: I2CBus {
  let name = "metered-i2c"
  let capabilities: I2CCapabilities = [.plainI2C, .smbusByte, .smbusByteData, .smbusI2CBlock]
  let meter: BusMeter
  init(meter: BusMeter) { self.meter = meter }

  func transfer(
    address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer
  ) throws(HALError) {
    charge(written: write.count, read: read.count)
    for index in 0..<read.count { read[index] = 0 }
  }

  /// SMBus transactions as they go on the wire: address, command byte, data; a read adds a
  /// repeated start and the address again.
  func smbus(
    address: UInt8, _ transaction: SMBusTransaction, buffer: UnsafeMutableRawBufferPointer
  ) throws(HALError) -> UInt16 {
    switch transaction {
    case .sendByte: charge(written: 1, read: 0)
    case .receiveByte: charge(written: 0, read: 1)
    case .readByteData: charge(written: 1, read: 1)
    case .writeByteData: charge(written: 2, read: 0)
    case .readWordData: charge(written: 1, read: 2)
    case .writeWordData: charge(written: 3, read: 0)
    case .readI2CBlock(_, let count): charge(written: 1, read: count)
    case .writeI2CBlock(_, let count): charge(written: 1 + count, read: 0)
    }
    return 0
  }

  private func charge(written: Int, read: Int) {
    meter.bytes += written + read
    meter.transactions += 1
    meter.clock.advance(nanoseconds: meter.timing.i2cNanoseconds(written: written, read: read))
  }
}

/// An SPI device that meters each transfer: a call's cost, then 8 clocks a byte.
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
    meter.clock.advance(
      nanoseconds: meter.timing.spiNanoseconds(bytes: write.count, speedHz: Int(config.speedHz)))
    for index in 0..<read.count { read[index] = 0 }
  }
}

/// Nanoseconds of this thread's CPU time.
func cpuNanoseconds() -> Int {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
}

/// The buses as the benchmark assumes them: I2C raised to 400 kHz (`dtparam=i2c_arm_baudrate`),
/// SPI at 10 MHz, a Pi's cost of each call.
let benchTiming = WireTiming.raspberryPi.i2cClock(400_000)

func metered(_ definition: PixelBoardDefinition) -> (any PixelPanel, BusMeter) {
  let chips = definition.chips
  let meter = BusMeter(timing: benchTiming)
  switch chips.kind {
  case .max7219:
    if let wiring = chips.bitBang {
      // Two GPIO line writes a bit, each a character-device call, on a chip with no devices.
      let chip = SimulatedGPIOChip(
        path: "/dev/gpiochip0", label: wiring.chip,
        lineCount: max(wiring.data, wiring.clock, wiring.load) + 1)
      let log = TransactionLog()
      log.isEnabled = false  // counting, not recording: a record is an allocation
      let gpio = SimulatedGPIO(chips: [chip], clock: meter.clock, log: log, timing: benchTiming)
      do {
        let spi = try BitBangSPI(
          controller: gpio, chip: .label(wiring.chip), data: UInt32(wiring.data),
          clock: UInt32(wiring.clock), select: UInt32(wiring.load))
        return (definition.max7219Panel(on: spi), meter)
      } catch { fail("\(error)") }
    }
    let spi = MeteredSPI(meter: meter, speedHz: 10_000_000)
    return (definition.max7219Panel(on: spi), meter)
  case .ht16k33:
    let bus = MeteredI2CBus(meter: meter)
    do { return (try definition.ht16k33Panel(on: bus), meter) } catch { fail("\(error)") }
  case .is31fl3731:
    let bus = MeteredI2CBus(meter: meter)
    do { return (try definition.is31fl3731Panel(on: bus), meter) } catch { fail("\(error)") }
  case .ws2812, .sk6812, .sk6812RGBW, .apa102:
    let spi = MeteredSPI(meter: meter, speedHz: chips.colour?.spiSpeedHz ?? 0)
    return (definition.colourChainPanel(on: spi), meter)
  case .flaschenTaschen:
    let sender = MeteredDatagramSender(meter: meter)
    do { return (try definition.flaschenTaschenPanel(on: sender), meter) } catch {
      fail("\(error)")
    }
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

/// An animation's playback on the frame loop: four frames of 50 ms (a colour gradient that
/// moves), fitted to the panel as a picture page's are; the allocations in `frames` ticks.
func pictureAllocations(
  _ executor: PixelExecutor, command: ScreenCommand, grid: PixelGrid, depth: PixelDepth,
  from start: Int, frames: Int
) -> Int64 {
  let (width, height) = (grid.width, grid.height)
  let picture = Picture(
    width: width, height: height,
    frames: (0..<4).map { shift in
      var rgba = [UInt8](repeating: 255, count: width * height * 4)
      for y in 0..<height {
        for x in 0..<width {
          let at = (y * width + x) * 4
          rgba[at] = UInt8((x + shift * 4) * 255 / (width + 12))
          rgba[at + 1] = UInt8(y * 255 / height)
          rgba[at + 2] = UInt8(shift * 60)
        }
      }
      return Picture.Frame(rgba: rgba, milliseconds: 50)
    })
  let fit = PictureFit(width: width, height: height)
  var canvas = PixelCanvas(width: width, height: height, depth: depth)
  let canvases = picture.frames.indices.map { index in
    fit.draw(picture, frame: index, into: &canvas)
    return canvas
  }
  command.loadPicture(
    canvases, milliseconds: picture.frames.map(\.milliseconds),
    transition: PixelTransition(kind: .instant))
  var now = start
  executor.apply(command, now: now)
  for _ in 0..<20 {
    now += PixelDrive.frameMicroseconds
    executor.tick(now: now)
  }
  clack_allocation_counter_start()
  for _ in 0..<frames {
    now += PixelDrive.frameMicroseconds
    executor.tick(now: now)
  }
  return clack_allocation_counter_stop()
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
  let bus = meter.elapsedSeconds / Double(frames)
  let bytes = Double(meter.bytes) / Double(frames)
  // Frame-to-pixels: a new screen, instant, taken and drawn in one tick.
  meter.reset()
  let latencyStart = cpuNanoseconds()
  executor.apply(command, now: now)
  executor.tick(now: now)
  let latencyCPU = Double(cpuNanoseconds() - latencyStart) / 1e9
  let latency = latencyCPU + meter.elapsedSeconds
  let busBound = bus > 0 ? 1 / bus : .infinity
  let reached = 1 / (cpu + bus)
  let goal = min(60, busBound)
  let busName =
    switch definition.chips.kind {
    case _ where definition.chips.bitBang != nil: "bit-banged GPIO"
    case .max7219: "SPI 10 MHz"
    case .ht16k33, .is31fl3731: "I2C 400 kHz"
    case .flaschenTaschen: "UDP at 100 Mbit/s"
    case .ws2812, .sk6812, .sk6812RGBW, .apa102:
      "SPI \(Double(definition.chips.colour?.spiSpeedHz ?? 0) / 1e6) MHz"
    }
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
    (CPU \(String(format: "%.0f", latencyCPU * 1e6)) µs + bus \(String(format: "%.0f", meter.elapsedSeconds * 1e6)) µs)
      allocations per frame: \(String(format: "%.3f", Double(allocations) / Double(frames))) \
    (\(allocations) in \(frames) frames; goal 0)\
    \(clack_allocation_counter_available() == 0 ? " (counter unavailable)" : "")
    """)
  if definition.chips.colour != nil {
    let share = reached / busBound * 100
    print(
      "  wire-time bound: \(String(format: "%.1f", share)) % of it reached (goal ≥ 95 %) "
        + (share >= 95 ? "MET" : "MISSED"))
  }
  // A picture page's animation on the same loop: the frames change without allocating.
  let playback = pictureAllocations(
    executor, command: command, grid: grid, depth: definition.depth, from: now, frames: frames)
  print(
    "  picture playback (4 frames of 50 ms, looping): \(playback) allocations in \(frames) "
      + "frames (goal 0)")
  if allocations > 0 || playback > 0 { allocationFailures += 1 }
  measured += 1
}
if requireNoAllocations, allocationFailures > 0 {
  print(
    "clack-bench-pixels: FAIL: \(allocationFailures) boards allocated in the frame loop")
  exit(1)
}
if allocationFailures == 0, clack_allocation_counter_available() != 0 {
  print("allocations in the pixel frame loop: 0 on \(measured) boards")
}
print("clack-bench-pixels: done")
