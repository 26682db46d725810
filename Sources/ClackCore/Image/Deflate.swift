/// A small DEFLATE (RFC 1951) compressor wrapped as a zlib stream (RFC 1950).
///
/// It writes one block with the fixed Huffman codes and finds only runs of a repeated byte
/// (matches at distance 1). That suits board pictures, whose filtered rows are long runs of
/// one value, and keeps the encoder short enough to check by reading it.
public enum Deflate {
  /// The zlib stream for `bytes`: header, one fixed-Huffman block, Adler-32.
  public static func zlib(_ bytes: [UInt8]) -> [UInt8] {
    // 0x78 0x01: deflate with a 32 KiB window, no preset dictionary, "fastest" level; the
    // two header bytes read as one big-endian number are a multiple of 31, as RFC 1950 asks.
    var output: [UInt8] = [0x78, 0x01]
    var writer = BitWriter()
    writer.write(bits: 1, count: 1)  // BFINAL: this is the last block
    writer.write(bits: 1, count: 2)  // BTYPE 01: fixed Huffman codes
    var index = 0
    while index < bytes.count {
      let run = index > 0 ? runLength(bytes, at: index) : 0
      if run >= 3 {
        writeMatch(length: run, into: &writer)
        index += run
      } else {
        writeLiteral(Int(bytes[index]), into: &writer)
        index += 1
      }
    }
    writeLiteral(256, into: &writer)  // end of block
    output += writer.finish()
    let adler = Checksums.adler32(bytes)
    output += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    return output
  }

  /// How many bytes from `index` on repeat the byte before it, up to DEFLATE's longest match.
  private static func runLength(_ bytes: [UInt8], at index: Int) -> Int {
    let previous = bytes[index - 1]
    var length = 0
    while length < 258, index + length < bytes.count, bytes[index + length] == previous {
      length += 1
    }
    return length
  }

  /// A literal byte or a control symbol (256 ends the block; 257… are lengths) in the fixed code.
  private static func writeLiteral(_ symbol: Int, into writer: inout BitWriter) {
    switch symbol {
    case 0...143: writer.writeHuffman(code: 0x30 + symbol, count: 8)
    case 144...255: writer.writeHuffman(code: 0x190 + symbol - 144, count: 9)
    case 256...279: writer.writeHuffman(code: symbol - 256, count: 7)
    default: writer.writeHuffman(code: 0xC0 + symbol - 280, count: 8)
    }
  }

  /// Length codes 257–285 (RFC 1951 §3.2.5): the first length of each code and its extra bits.
  private static let lengthBases: [(base: Int, extraBits: Int)] = [
    (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (11, 1), (13, 1), (15, 1),
    (17, 1), (19, 2), (23, 2), (27, 2), (31, 2), (35, 3), (43, 3), (51, 3), (59, 3), (67, 4),
    (83, 4), (99, 4), (115, 4), (131, 5), (163, 5), (195, 5), (227, 5), (258, 0),
  ]

  /// A copy of `length` bytes from distance 1: a length symbol, its extra bits, then
  /// distance code 0 (five zero bits in the fixed code; distance 1 has no extra bits).
  private static func writeMatch(length: Int, into writer: inout BitWriter) {
    let code = lengthBases.lastIndex { $0.base <= length }!
    let entry = lengthBases[code]
    writeLiteral(257 + code, into: &writer)
    writer.write(bits: length - entry.base, count: entry.extraBits)
    writer.writeHuffman(code: 0, count: 5)
  }
}

/// Packs bits least-significant first, as DEFLATE stores everything but Huffman codes.
struct BitWriter {
  private var bytes: [UInt8] = []
  private var current: UInt32 = 0
  private var used = 0

  /// Plain values (extra bits, block headers) go in least-significant bit first.
  mutating func write(bits value: Int, count: Int) {
    for bit in 0..<count { push((value >> bit) & 1) }
  }

  /// Huffman codes go in most-significant bit first (RFC 1951 §3.1.1).
  mutating func writeHuffman(code: Int, count: Int) {
    for bit in stride(from: count - 1, through: 0, by: -1) { push((code >> bit) & 1) }
  }

  private mutating func push(_ bit: Int) {
    current |= UInt32(bit) << used
    used += 1
    if used == 8 {
      bytes.append(UInt8(current))
      current = 0
      used = 0
    }
  }

  /// The bytes written, with the last partial byte padded with zero bits.
  mutating func finish() -> [UInt8] {
    if used > 0 { bytes.append(UInt8(current)) }
    current = 0
    used = 0
    return bytes
  }
}
