/// An NXP PCF8575 16-bit I/O expander with one split-flap module on its pins.
///
/// Like the real chip it has no registers: a write sends pairs of bytes (P00–P07, then
/// P10–P17) to the port latch, a read returns the pins' levels in pairs. A latch bit of 1
/// makes the pin a weak-high quasi-input (an external device may pull it low); 0 drives it
/// low. Pins P00–P03 drive the ULN2003's IN1–IN4 (high energises); P04 reads the hall sensor,
/// and must be written 1 to be readable. An SMBus "register" write therefore changes the port,
/// exactly as it would on the real chip.
public final class PCF8575Model: SimulatedI2CDevice {
  public let module: SplitFlapModuleModel
  public let coilPins: [Int]
  public let sensorPin: Int
  /// The port latch; power-on state is all ones (every pin a weak-high input).
  public private(set) var latch: UInt16 = 0xFFFF

  public init(module: SplitFlapModuleModel, coilPins: [Int] = [0, 1, 2, 3], sensorPin: Int = 4) {
    self.module = module
    self.coilPins = coilPins
    self.sensorPin = sensorPin
  }

  public func i2cWrite(_ bytes: UnsafeRawBufferPointer, at time: UInt64) {
    var index = 0
    while index + 1 < bytes.count {
      latch = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
      index += 2
    }
    // A lone trailing byte updates P00–P07 only, as the chip does.
    if index < bytes.count { latch = (latch & 0xFF00) | UInt16(bytes[index]) }
    var coils: UInt8 = 0
    for (bit, pin) in coilPins.enumerated() where level(pin) { coils |= 1 << UInt8(bit) }
    module.motor.drive(coils: coils, at: time)
  }

  public func i2cRead(into bytes: UnsafeMutableRawBufferPointer, at time: UInt64) -> Int {
    var pins: UInt16 = 0
    for pin in 0..<16 where level(pin) { pins |= 1 << UInt16(pin) }
    for index in 0..<bytes.count {
      bytes[index] = index % 2 == 0 ? UInt8(pins & 0xFF) : UInt8(pins >> 8)
    }
    return bytes.count
  }

  /// A pin's level: low when the latch drives it low, else what the outside world makes it.
  public func level(_ pin: Int) -> Bool {
    guard latch & (1 << UInt16(pin)) != 0 else { return false }
    return pin == sensorPin ? module.sensorLevel : true
  }
}
