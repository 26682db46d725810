import Foundation
import Testing

@testable import ClackCore

@Suite struct PNGEncoderTests {
  @Test func checksumsMatchTheirPublishedCheckValues() {
    #expect(Checksums.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(Checksums.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    let long = [UInt8](repeating: 0xFF, count: 100_000)
    // Continuing a CRC over a split buffer gives the CRC of the whole.
    let split = Checksums.crc32(long[50_000...], continuing: Checksums.crc32(long[..<50_000]))
    #expect(split == Checksums.crc32(long))
  }

  /// zlib (through Python) is the reference decoder: it must read back exactly our pixels, and
  /// accept every chunk's CRC.
  @Test(arguments: [1, 2, 3])
  func zlibDecodesWhatWeEncode(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let width = Int.random(in: 1...300, using: &random)
    let height = Int.random(in: 1...40, using: &random)
    let palette: [RGB] = (0..<7).map { (index: Int) -> RGB in
      let level = UInt8(index * 30)
      return RGB(level, 255 - level, UInt8(index))
    }
    var bitmap = IndexedBitmap(width: width, height: height, palette: palette)
    // Runs of every length up to past DEFLATE's longest match, and lone pixels between them.
    var x = 0
    var y = 0
    while y < height {
      let run = Int.random(in: 1...600, using: &random)
      let color = UInt8.random(in: 0..<7, using: &random)
      for _ in 0..<run where y < height {
        bitmap[x, y] = color
        x += 1
        if x == width { (x, y) = (0, y + 1) }
      }
    }
    let decoded = try PythonPNGReader.read(PNGEncoder.encode(bitmap))
    #expect(decoded.width == width && decoded.height == height)
    #expect(decoded.palette == palette.flatMap { [$0.red, $0.green, $0.blue] })
    #expect(decoded.pixels == bitmap.pixels)
  }

  /// A colour panel's picture as truecolour: zlib reads back every red, green and blue byte.
  @Test func aColourCanvasIsWrittenInTruecolour() throws {
    var random = SplitMix64(seed: 9)
    var canvas = ColourCanvas(width: 37, height: 11)
    for y in 0..<11 {
      for x in 0..<37 {
        let value = random.next()
        canvas[x, y] = RGB(
          UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
          x < 20 ? 0 : UInt8(truncatingIfNeeded: value >> 16))
      }
    }
    let decoded = try PythonPNGReader.read(PNGEncoder.encode(canvas))
    #expect(decoded.width == 37 && decoded.height == 11 && decoded.palette.isEmpty)
    #expect(decoded.pixels == canvas.bytes)
  }

  @Test func aFlatPictureCompressesToAFewBytes() {
    // 401,000 bytes of scanlines; each longest match (258 bytes) costs 18 bits.
    let bitmap = IndexedBitmap(width: 1000, height: 400, palette: [RGB(0, 0, 0)])
    #expect(PNGEncoder.encode(bitmap).count < 4_000)
  }
}

/// Decodes a palette or truecolour PNG with Python's zlib, independently of our encoder.
enum PythonPNGReader {
  struct Decoded {
    var width = 0
    var height = 0
    var palette: [UInt8] = []
    var pixels: [UInt8] = []
  }

  static let script = """
    import struct, sys, zlib
    data = sys.stdin.buffer.read()
    assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'bad signature'
    pos, idat, plte = 8, b'', b''
    while pos < len(data):
        (length,) = struct.unpack('>I', data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, 'bad CRC in ' + kind.decode()
        if kind == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
            assert depth == 8 and ctype in (2, 3), 'not 8-bit palette or truecolour'
            bpp = 3 if ctype == 2 else 1
        elif kind == b'PLTE': plte = body
        elif kind == b'IDAT': idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    rw = w * bpp
    assert len(raw) == (rw + 1) * h, 'wrong decompressed size'
    prev, out = bytes(rw), bytearray()
    for y in range(h):
        f, line = raw[y * (rw + 1)], bytearray(raw[y * (rw + 1) + 1:(y + 1) * (rw + 1)])
        assert f in (0, 2), 'unexpected filter %d' % f
        if f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        out += line
        prev = bytes(line)
    print(w, h, plte.hex() or '-', out.hex())
    """

  static func read(_ png: [UInt8]) throws -> Decoded {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Write on another thread: a large picture fills the pipe before Python starts reading.
    let writer = Thread { [png] in
      input.fileHandleForWriting.write(Data(png))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let problems = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ReaderError(message: "python3 rejected the PNG: \(problems)")
    }
    let fields = text.split(separator: " ").map(String.init)
    guard fields.count == 4 else { throw ReaderError(message: "unexpected output: \(text)") }
    return Decoded(
      width: Int(fields[0]) ?? -1, height: Int(fields[1]) ?? -1,
      palette: fields[2] == "-" ? [] : hexBytes(fields[2]),
      pixels: hexBytes(fields[3].trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  struct ReaderError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }

  private static func hexBytes(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(index, offsetBy: 2)
      bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
      index = next
    }
    return bytes
  }
}
