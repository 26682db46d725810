import CAllocationCounter
import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL
import Foundation

/// A datagram socket that meters each send: a call's cost, then the bytes at 100 Mbit/s (the
/// simulated sender's model of a Pi 3's Ethernet).
final class MeteredDatagramSender: DatagramSender {
  let name = "metered-udp"
  let meter: BusMeter
  init(meter: BusMeter) { self.meter = meter }

  func send(_ datagram: UnsafeRawBufferPointer) throws(HALError) {
    meter.bytes += datagram.count
    meter.transactions += 1
    meter.clock.advance(nanoseconds: UInt64(20_000 + datagram.count * 8 * 10))
  }
}

/// The colour drivers (no board files name them yet, #38): each shows a changing picture
/// every frame on a metered bus, its CPU time and wire time measured and its allocations
/// counted; goal: at least 95 % of the wire-time bound, no allocation. Returns the chains
/// that allocated.
func benchColourChains(frames: Int) -> Int {
  struct Chain {
    let name: String
    let width: Int
    let height: Int
    let show: (ColourCanvas) -> Void
    let meter: BusMeter
  }
  func chain(
    _ name: String, _ chip: ColourChainPanel<MeteredSPI>.Chip, _ panels: [LEDChainLayout.Panel],
    speedHz: Int
  )
    -> Chain
  {
    let meter = BusMeter(timing: benchTiming)
    guard let layout = try? LEDChainLayout(panels: panels) else { fail("\(name): no layout") }
    let panel = ColourChainPanel(
      spi: MeteredSPI(meter: meter, speedHz: speedHz), chip: chip, layout: layout,
      budget: LEDCurrentBudget(supplyMilliamps: 4000, channelMilliamps: 20, idleMilliamps: 1))
    return Chain(
      name: name, width: layout.canvasWidth, height: layout.canvasHeight, show: panel.show,
      meter: meter)
  }
  let ws2812 = WS2812Encoding.speedHz
  var chains = [
    chain("WS2812 16×16 (SPI 2.4 MHz)", .ws2812, [.init(width: 16, height: 16)], speedHz: ws2812),
    chain(
      "WS2812 8×32 (SPI 2.4 MHz)", .ws2812, [.init(width: 32, height: 8, order: .columns)],
      speedHz: ws2812),
    chain(
      "SK6812 RGBW chain of 144 (SPI 2.4 MHz)", .sk6812RGBW,
      [.init(width: 144, height: 1)], speedHz: ws2812),
    chain("APA102 16×16 (SPI 8 MHz)", .apa102, [.init(width: 16, height: 16)], speedHz: 8_000_000),
  ]
  let ftMeter = BusMeter(timing: benchTiming)
  guard
    let ft = try? FlaschenTaschenDisplay(
      sender: MeteredDatagramSender(meter: ftMeter), width: 64, height: 32)
  else { fail("the FlaschenTaschen display") }
  chains.append(
    Chain(
      name: "FlaschenTaschen 64×32 (UDP, 100 Mbit/s)", width: 64, height: 32, show: ft.show,
      meter: ftMeter))

  print("colour chains: \(frames) frames of a changing picture each")
  var allocating = 0
  for chain in chains {
    // Two pictures shown in turn, so every frame changes every LED.
    var pictures = [
      ColourCanvas(width: chain.width, height: chain.height),
      ColourCanvas(width: chain.width, height: chain.height),
    ]
    for y in 0..<chain.height {
      for x in 0..<chain.width {
        pictures[0][x, y] = RGB(UInt8(x * 7 & 255), UInt8(y * 13 & 255), 200)
        pictures[1][x, y] = RGB(255, UInt8(x * 3 & 255), UInt8(y * 5 & 255))
      }
    }
    for index in 0..<20 { chain.show(pictures[index % 2]) }  // warm up
    chain.meter.reset()
    clack_allocation_counter_start()
    let cpuStart = cpuNanoseconds()
    for index in 0..<frames { chain.show(pictures[index % 2]) }
    let cpu = Double(cpuNanoseconds() - cpuStart) / Double(frames) / 1e9
    let allocations = clack_allocation_counter_stop()
    let wire = chain.meter.elapsedSeconds / Double(frames)
    let bound = 1 / wire
    let reached = 1 / (cpu + wire)
    print(
      """
      \(chain.name):
        per frame: \(chain.meter.bytes / frames) bytes, wire \(String(format: "%.0f", wire * 1e6)) µs, \
      CPU \(String(format: "%.1f", cpu * 1e6)) µs
        \(String(format: "%.0f", reached)) frames/s reachable, \
      \(String(format: "%.1f", reached / bound * 100)) % of the wire-time bound \
      (\(String(format: "%.0f", bound)) frames/s; goal ≥ 95 %) \(reached >= 0.95 * bound ? "MET" : "MISSED")
        allocations per frame: \(String(format: "%.3f", Double(allocations) / Double(frames))) \
      (\(allocations) in \(frames) frames; goal 0)
      """)
    if allocations > 0 { allocating += 1 }
  }
  return allocating
}
