/// SPI clock polarity and phase (modes 0–3).
public enum SPIMode: UInt8, Sendable, Hashable {
  case mode0 = 0
  case mode1 = 1
  case mode2 = 2
  case mode3 = 3
}

public struct SPIConfig: Sendable, Hashable {
  public var mode: SPIMode
  public var speedHz: UInt32
  public var bitsPerWord: UInt8

  public init(mode: SPIMode = .mode0, speedHz: UInt32 = 1_000_000, bitsPerWord: UInt8 = 8) {
    self.mode = mode
    self.speedHz = speedHz
    self.bitsPerWord = bitsPerWord
  }
}

/// One SPI device (bus and chip select).
public protocol SPIDevice: AnyObject {
  var name: String { get }
  var config: SPIConfig { get }
  /// Full duplex: clocks out `write` while reading as many bytes into `read`. The two buffers
  /// must be the same length.
  func transfer(write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(HALError)
}

extension SPIDevice {
  /// Clocks out `bytes` and returns what came back.
  public func transfer(_ bytes: [UInt8]) throws(HALError) -> [UInt8] {
    var received = [UInt8](repeating: 0, count: bytes.count)
    try bytes.withBytes { (write) throws(HALError) in
      try received.withMutableBytes { (read) throws(HALError) in
        try transfer(write: write, read: read)
      }
    }
    return received
  }
}
