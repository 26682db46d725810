/// Where each module's bits sit in a 74HC595/74HC165 chain (the Chainlink layout), as bytes on
/// the wire.
///
/// Out: 595 register r (0 = nearest the controller) holds module 2r on QA–QD and module 2r+1
/// on QE–QH. The first byte clocked out ends up in the farthest register, so bytes are sent
/// farthest first. In: byte r clocked in is 165 register r, input A in bit 0 … H in bit 7, and
/// module m's sensor is input m.
public struct ShiftRegisterLayout: Sendable, Hashable {
  public let moduleCount: Int

  public init(moduleCount: Int) {
    self.moduleCount = moduleCount
  }

  public var outputBytes: Int { (moduleCount * 4 + 7) / 8 }
  public var inputBytes: Int { (moduleCount + 7) / 8 }
  /// Bytes per transfer: enough to fill the 595s (the 165s are never longer).
  public var transferLength: Int { max(outputBytes, inputBytes) }

  /// Fills `bytes` (transferLength long) with the coil patterns, in wire order.
  public func encode(_ patterns: [UInt8], into bytes: inout [UInt8]) {
    for register in 0..<outputBytes {
      let low = 2 * register < moduleCount ? patterns[2 * register] & 0x0F : 0
      let high = 2 * register + 1 < moduleCount ? patterns[2 * register + 1] & 0x0F : 0
      bytes[outputBytes - 1 - register] = low | high << 4
    }
  }

  /// The sensor levels in bytes clocked in.
  public func decode(_ bytes: [UInt8], levels: inout [Bool]) {
    for module in 0..<moduleCount {
      levels[module] = bytes[module / 8] & (1 << UInt8(module % 8)) != 0
    }
  }
}
