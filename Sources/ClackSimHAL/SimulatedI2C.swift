import ClackCore
import ClackHAL

/// A device on a simulated I2C bus, seen as real chips see the bus: a write of bytes after the
/// address, or a read of some number of bytes. SMBus transactions reach it as the byte
/// sequences a real controller puts on the wire.
///
/// Bytes pass as buffers, not arrays, so a simulated board runs its bus without allocating,
/// as the executor does (its benchmark counts the simulation's allocations too).
public protocol SimulatedI2CDevice: AnyObject {
  func i2cWrite(_ bytes: UnsafeRawBufferPointer, at time: UInt64)
  /// Fills `bytes` with what the device sends; returns how many it sent (a device that stops
  /// early leaves the bus released: the rest reads high).
  func i2cRead(into bytes: UnsafeMutableRawBufferPointer, at time: UInt64) -> Int
}

/// Faults injected at one address. Draws come from a seeded generator, so a run repeats.
public struct I2CFaults: Sendable, Hashable {
  /// The address never acknowledges (a module unplugged or with a wrong address jumper).
  public var missing: Bool
  /// Chance that a transaction is not acknowledged.
  public var nackRate: Double
  /// Chance that a transaction times out (a device holding SCL low).
  public var timeoutRate: Double

  public init(missing: Bool = false, nackRate: Double = 0, timeoutRate: Double = 0) {
    self.missing = missing
    self.nackRate = nackRate
    self.timeoutRate = timeoutRate
  }
}

/// A simulated I2C adapter. It answers like the Raspberry Pi's: EREMOTEIO for a NACK and
/// ETIMEDOUT for a timeout, through the same error mapping as the Linux backend. Every
/// transfer moves the clock on by its time on the wire (`timing`): a write reaches the device
/// when its last byte is acknowledged, a read is taken when its phase begins.
public final class SimulatedI2CBus: I2CBus {
  public let name: String
  public let capabilities: I2CCapabilities
  public let clock: VirtualClock
  public let log: TransactionLog
  /// What each transfer costs; its I2C clock is this bus's.
  public var timing: WireTiming
  private var devices: [UInt8: SimulatedI2CDevice] = [:]
  public var faults: [UInt8: I2CFaults] = [:]
  private var random: SplitMix64
  /// Room for an SMBus transaction's bytes: a register and up to 32 bytes of block.
  private var scratch = [UInt8](repeating: 0, count: 34)

  /// `capabilities` defaults to what the Pi's controller offers: plain I2C and every SMBus form.
  public init(
    name: String, clock: VirtualClock, log: TransactionLog,
    capabilities: I2CCapabilities = [
      .plainI2C, .smbusByte, .smbusByteData, .smbusWordData, .smbusI2CBlock,
    ],
    seed: UInt64 = 1, timing: WireTiming = .raspberryPi
  ) {
    self.name = name
    self.timing = timing
    self.capabilities = capabilities
    self.clock = clock
    self.log = log
    self.random = SplitMix64(seed: seed)
  }

  public func attach(_ device: SimulatedI2CDevice, at address: UInt8) {
    devices[address] = device
  }

  public func device(at address: UInt8) -> SimulatedI2CDevice? { devices[address] }

  public func transfer(
    address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer
  ) throws(HALError) {
    guard capabilities.contains(.plainI2C) else {
      throw HALError.unsupported(
        "plain I2C transfers", bus: name, address: address, capabilities: capabilities)
    }
    let device = try acknowledge(address)
    if write.count > 0 || read.count == 0 {
      charge(writePhase: write.count, stop: read.count == 0)
    }
    if write.count > 0 { deliver(write, to: device, address: address) }
    if read.count > 0 {
      fetch(into: read, from: device, address: address)
      charge(readPhase: read.count)
    }
  }

  /// The start (or repeated start), the address and `bytes` written, each with its
  /// acknowledge, and the stop when no read follows.
  private func charge(writePhase bytes: Int, stop: Bool) {
    clock.advance(
      nanoseconds: timing.i2cWireNanoseconds(clocks: 1 + 9 * (1 + bytes) + (stop ? 1 : 0)))
  }

  /// The start (or repeated start), the address and `bytes` read, and the stop.
  private func charge(readPhase bytes: Int) {
    clock.advance(nanoseconds: timing.i2cWireNanoseconds(clocks: 1 + 9 * (1 + bytes) + 1))
  }

  public func smbus(
    address: UInt8, _ transaction: SMBusTransaction, buffer: UnsafeMutableRawBufferPointer
  ) throws(HALError) -> UInt16 {
    let needed: I2CCapabilities
    switch transaction {
    case .sendByte, .receiveByte: needed = .smbusByte
    case .readByteData, .writeByteData: needed = .smbusByteData
    case .readWordData, .writeWordData: needed = .smbusWordData
    case .readI2CBlock, .writeI2CBlock: needed = .smbusI2CBlock
    }
    guard capabilities.contains(needed) else {
      throw HALError.unsupported(
        "this SMBus transaction", bus: name, address: address, capabilities: capabilities)
    }
    let device = try acknowledge(address)
    switch transaction {
    case .sendByte(let byte):
      charge(writePhase: 1, stop: true)
      send(1, byte, to: device, address: address)
    case .receiveByte:
      defer { charge(readPhase: 1) }
      return UInt16(receive(1, from: device, address: address).0)
    case .readByteData(let register):
      charge(writePhase: 1, stop: false)
      send(1, register, to: device, address: address)
      defer { charge(readPhase: 1) }
      return UInt16(receive(1, from: device, address: address).0)
    case .writeByteData(let register, let value):
      charge(writePhase: 2, stop: true)
      send(2, register, value, to: device, address: address)
    case .readWordData(let register):
      charge(writePhase: 1, stop: false)
      send(1, register, to: device, address: address)
      let bytes = receive(2, from: device, address: address)
      charge(readPhase: 2)
      return UInt16(bytes.0) | UInt16(bytes.1) << 8
    case .writeWordData(let register, let value):
      charge(writePhase: 3, stop: true)
      send(
        3, register, UInt8(value & 0xFF), UInt8(value >> 8), to: device, address: address)
    case .readI2CBlock(let register, let count):
      guard (1...32).contains(count), buffer.count >= count else {
        throw blockError(count, address)
      }
      charge(writePhase: 1, stop: false)
      send(1, register, to: device, address: address)
      fetch(
        into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]), from: device,
        address: address)
      charge(readPhase: count)
    case .writeI2CBlock(let register, let count):
      guard (1...32).contains(count), buffer.count >= count else {
        throw blockError(count, address)
      }
      charge(writePhase: 1 + count, stop: true)
      scratch[0] = register
      for index in 0..<count { scratch[index + 1] = buffer[index] }
      scratch.withUnsafeBytes { bytes in
        deliver(
          UnsafeRawBufferPointer(rebasing: bytes[..<(count + 1)]), to: device, address: address)
      }
    }
    return 0
  }

  /// The first `count` of up to three bytes of an SMBus transaction, through the scratch
  /// buffer (an array would be allocated for each).
  private func send(
    _ count: Int, _ first: UInt8, _ second: UInt8 = 0, _ third: UInt8 = 0,
    to device: SimulatedI2CDevice, address: UInt8
  ) {
    (scratch[0], scratch[1], scratch[2]) = (first, second, third)
    scratch.withUnsafeBytes { buffer in
      deliver(UnsafeRawBufferPointer(rebasing: buffer[..<count]), to: device, address: address)
    }
  }

  private func receive(_ count: Int, from device: SimulatedI2CDevice, address: UInt8) -> (
    UInt8, UInt8
  ) {
    scratch.withUnsafeMutableBytes { buffer in
      fetch(
        into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]), from: device,
        address: address)
    }
    return (scratch[0], scratch[1])
  }

  /// The address phase: a missing device, a NACK or a timeout fails the whole transaction.
  private func acknowledge(_ address: UInt8) throws(HALError) -> SimulatedI2CDevice {
    clock.advance(nanoseconds: UInt64(max(0, timing.i2cCallNanoseconds)))
    let fault = faults[address] ?? I2CFaults()
    var errno: Int32? = nil
    let device = devices[address]
    if fault.missing || device == nil {
      errno = LinuxErrno.EREMOTEIO
    } else if fault.timeoutRate > 0, draw() < fault.timeoutRate {
      errno = LinuxErrno.ETIMEDOUT
    } else if fault.nackRate > 0, draw() < fault.nackRate {
      errno = LinuxErrno.EREMOTEIO
    }
    guard let device, errno == nil else {
      let code = errno ?? LinuxErrno.EREMOTEIO
      // The address goes out either way; a timeout then waits for the controller to give up.
      clock.advance(nanoseconds: timing.i2cWireNanoseconds(clocks: 1 + 9 + 1))
      if code == LinuxErrno.ETIMEDOUT {
        clock.advance(nanoseconds: UInt64(max(0, timing.i2cTimeoutNanoseconds)))
      }
      log.record(
        BusTransaction(
          time: clock.nanoseconds, bus: name, kind: .i2cError, address: address,
          bytes: [UInt8(code)]))
      throw HALError.fromErrno(code, operation: .i2c(address: address), device: name)
    }
    return device
  }

  private func deliver(
    _ bytes: UnsafeRawBufferPointer, to device: SimulatedI2CDevice, address: UInt8
  ) {
    log.record(
      BusTransaction(
        time: clock.nanoseconds, bus: name, kind: .i2cWrite, address: address,
        bytes: Array(bytes)))
    device.i2cWrite(bytes, at: clock.nanoseconds)
  }

  private func fetch(
    into bytes: UnsafeMutableRawBufferPointer, from device: SimulatedI2CDevice, address: UInt8
  ) {
    let sent = min(bytes.count, max(0, device.i2cRead(into: bytes, at: clock.nanoseconds)))
    // A device that stops sending leaves the bus released: the rest reads high.
    for index in sent..<bytes.count { bytes[index] = 0xFF }
    log.record(
      BusTransaction(
        time: clock.nanoseconds, bus: name, kind: .i2cRead, address: address,
        bytes: Array(bytes)))
  }

  private func blockError(_ count: Int, _ address: UInt8) -> HALError {
    HALError(
      kind: .invalidArgument, device: name,
      message: "an I2C block transfer to \(hex(address)) moves 1-32 bytes, not \(count)")
  }

  private func draw() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
}
