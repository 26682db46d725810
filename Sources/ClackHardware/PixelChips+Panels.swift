import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL

/// A board file's chips as their drivers take them, on any bus: the one place that turns a
/// `PixelChips` into a panel (real devices, the simulation and the benchmark's metered bus).
extension PixelBoardDefinition {
  /// The HT16K33 backpacks at their places on the panel.
  public func ht16k33Panel<Bus: I2CBus>(on bus: Bus) throws(HALError) -> HT16K33Panel<Bus> {
    try HT16K33Panel(
      bus: bus,
      chips: chips.placements.map {
        .init(
          address: UInt8($0.address),
          backpack: HT16K33Panel<Bus>.Backpack(rawValue: chips.backpack) ?? .matrix16x8,
          x: $0.x, y: $0.y)
      }, geometry: geometry)
  }

  /// The IS31FL3731 chips at their places on the panel.
  public func is31fl3731Panel<Bus: I2CBus>(on bus: Bus) throws(HALError) -> IS31FL3731Panel<Bus> {
    try IS31FL3731Panel(
      bus: bus,
      chips: chips.placements.map { .init(address: UInt8($0.address), x: $0.x, y: $0.y) },
      geometry: geometry)
  }

  /// The MAX7219 cascade, mounted and ordered as the file says.
  public func max7219Panel<SPI: SPIDevice>(on spi: SPI) -> MAX7219Panel<SPI> {
    MAX7219Panel(
      spi: spi, blocks: chips.count, blockRotation: chips.blockRotation,
      firstOnLeft: chips.firstOnLeft, geometry: geometry)
  }
}
