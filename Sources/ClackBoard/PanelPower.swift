/// An LED panel's supply (`power:` in a pixel board file), in milliamps: the supply's rating,
/// what other loads on it take, and what one lit LED draws on average at full brightness (the
/// chip's scan and current limit included: measure it with every LED lit at brightness 15 and
/// divide by their number). A brightness level L of 0–15 lights an LED (L + 1)/16 of the time,
/// so every LED lit at L draws reserved + LEDs × per-LED × (L + 1)/16; the panel never goes
/// above the highest level at which that fits the supply.
public struct PanelPower: Hashable, Sendable {
  public var supplyMilliamps: Int
  public var reservedMilliamps: Int
  /// Microamps: one LED is a few milliamps at most.
  public var ledMicroamps: Int

  public init(supplyMilliamps: Int, reservedMilliamps: Int = 0, ledMicroamps: Int) {
    self.supplyMilliamps = supplyMilliamps
    self.reservedMilliamps = reservedMilliamps
    self.ledMicroamps = ledMicroamps
  }

  /// What `leds` LEDs all lit at `level` draw, in milliamps (rounded up).
  public func milliamps(leds: Int, level: Int) -> Int {
    reservedMilliamps + (leds * ledMicroamps * (level + 1) + 15_999) / 16_000
  }

  /// The highest level at which every LED lit stays within the supply, or -1 if none does.
  public func maxBrightness(leds: Int) -> Int {
    (0...15).last { milliamps(leds: leds, level: $0) <= supplyMilliamps } ?? -1
  }

  static func parse(_ reader: YAMLReader, leds: Int) throws(BoardFileError) -> PanelPower {
    let fields = try reader.fields(
      allowed: ["supply_amps", "reserved_amps", "led_amps"], required: ["supply_amps", "led_amps"])
    let power = PanelPower(
      supplyMilliamps: Int(
        (try fields.required("supply_amps").double(in: 0.01...1000) * 1000).rounded()),
      reservedMilliamps: Int(
        (try fields["reserved_amps"]?.double(in: 0...1000) ?? 0) * 1000),
      ledMicroamps: Int((try fields.required("led_amps").double(in: 0.000_001...1) * 1e6).rounded())
    )
    guard power.maxBrightness(leds: leds) >= 0 else {
      throw try fields.required("supply_amps").error(
        "\(PowerSupply.amperes(power.supplyMilliamps)) cannot light the panel: its \(leds) LEDs all lit at brightness 0 draw \(PowerSupply.amperes(power.milliamps(leds: leds, level: 0)))"
      )
    }
    return power
  }
}
