/// The two checksums a PNG file needs: CRC-32 over each chunk, Adler-32 over the zlib stream.
public enum Checksums {
  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      // 0xEDB88320 is the reflected form of the ISO-HDLC CRC-32 polynomial that PNG uses.
      value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }

  /// CRC-32 (ISO-HDLC, as in PNG, zlib's `crc32` and Ethernet).
  public static func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing crc: UInt32 = 0)
    -> UInt32
  {
    var value = ~crc
    for byte in bytes {
      value = crcTable[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
    }
    return ~value
  }

  /// Adler-32, the checksum that ends a zlib stream.
  public static func adler32(_ bytes: [UInt8]) -> UInt32 {
    let modulus: UInt32 = 65_521
    var low: UInt32 = 1
    var high: UInt32 = 0
    // 5552 bytes is the longest run whose sums cannot overflow 32 bits before the modulo.
    var start = 0
    while start < bytes.count {
      let end = min(start + 5552, bytes.count)
      for index in start..<end {
        low += UInt32(bytes[index])
        high += low
      }
      low %= modulus
      high %= modulus
      start = end
    }
    return high << 16 | low
  }
}
