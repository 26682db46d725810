/// Reads the X11 Portable Compiled Format (`.pcf`, as Debian ships bitmap fonts, gzipped),
/// for fonts that come only so: Debian `xfonts-unifont`'s `unifont_csur.pcf.gz`, GNU Unifont
/// with the ConScript Unicode Registry's private-use scripts (Cirth among them). It reads the
/// tables a bitmap needs — metrics, bitmaps, encodings and the accelerators' ascent and
/// descent — from the bytes of an uncompressed file; any other table is skipped. Layout of
/// the format: the table of contents, then each table led by its own format word (padding,
/// byte and bit order), as the X server's `pcfread.c` reads them.
public struct PCFFontParser {
  let file: String

  public init(file: String) {
    self.file = file
  }

  // Table types in the table of contents.
  static let accelerators: UInt32 = 1 << 1
  static let metrics: UInt32 = 1 << 2
  static let bitmaps: UInt32 = 1 << 3
  static let encodings: UInt32 = 1 << 5
  static let bdfAccelerators: UInt32 = 1 << 8

  public func parse(_ bytes: [UInt8]) throws(FontFileError) -> PixelFont {
    guard bytes.count >= 8, bytes[0..<4] == [1, 0x66, 0x63, 0x70] else {
      throw error("not a PCF font (it does not start with \\1fcp); is it still gzipped?")
    }
    var header = Reader(file: file, bytes: bytes, offset: 4, bigEndian: false)
    let count = try header.int32()
    var tables: [UInt32: (format: UInt32, offset: Int)] = [:]
    guard (0...bytes.count / 16).contains(Int(count)) else { throw error("a bad table count") }
    for _ in 0..<count {
      let type = UInt32(bitPattern: try header.int32())
      let format = UInt32(bitPattern: try header.int32())
      _ = try header.int32()  // size
      let offset = Int(try header.int32())
      tables[type] = (format, offset)
    }
    guard let metricsTable = tables[Self.metrics], let bitmapTable = tables[Self.bitmaps],
      let encodingTable = tables[Self.encodings]
    else { throw error("a PCF font needs its metrics, bitmaps and encodings tables") }
    let (ascent, descent) = try fontExtent(
      bytes, tables[Self.bdfAccelerators] ?? tables[Self.accelerators])
    let metrics = try readMetrics(bytes, at: metricsTable.offset)
    let bitmaps = try readBitmaps(bytes, at: bitmapTable.offset, metrics: metrics)
    var glyphs: [Unicode.Scalar: PixelGlyph] = [:]
    for (code, index) in try readEncodings(bytes, at: encodingTable.offset)
    where index < bitmaps.count {
      guard let scalar = Unicode.Scalar(code) else { continue }
      glyphs[scalar] = bitmaps[index]
    }
    guard !glyphs.isEmpty else { throw error("no encoded glyphs") }
    return PixelFont(name: "PCF font (\(file))", ascent: ascent, descent: descent, glyphs: glyphs)
  }

  struct Metric {
    var left: Int, right: Int, advance: Int, ascent: Int, descent: Int
  }

  /// A table starts with its format word (always least significant byte first); the rest is
  /// in the byte order it names.
  private func table(_ bytes: [UInt8], at offset: Int) throws(FontFileError) -> (
    format: UInt32, reader: Reader
  ) {
    var first = Reader(file: file, bytes: bytes, offset: offset, bigEndian: false)
    let format = UInt32(bitPattern: try first.int32())
    return (
      format,
      Reader(
        file: file, bytes: bytes, offset: offset + 4, bigEndian: format & 4 != 0)
    )
  }

  private func fontExtent(_ bytes: [UInt8], _ entry: (format: UInt32, offset: Int)?)
    throws(FontFileError) -> (Int, Int)
  {
    guard let entry else { return (UnifontHexParser.ascent, UnifontHexParser.descent) }
    var (_, reader) = try table(bytes, at: entry.offset)
    reader.offset += 8  // seven flags and a pad byte
    return (Int(try reader.int32()), Int(try reader.int32()))
  }

  private func readMetrics(_ bytes: [UInt8], at offset: Int) throws(FontFileError) -> [Metric] {
    var (format, reader) = try table(bytes, at: offset)
    var metrics: [Metric] = []
    if format & 0x100 != 0 {
      // Compressed: five bytes, each its value plus 0x80.
      let count = Int(UInt16(bitPattern: try reader.int16()))
      for _ in 0..<count {
        var values: [Int] = []
        for _ in 0..<5 { values.append(Int(try reader.byte()) - 0x80) }
        metrics.append(
          Metric(
            left: values[0], right: values[1], advance: values[2], ascent: values[3],
            descent: values[4]))
      }
    } else {
      let count = Int(try reader.int32())
      guard (0...bytes.count / 12).contains(count) else { throw error("a bad metrics count") }
      for _ in 0..<count {
        var values: [Int] = []
        for _ in 0..<6 { values.append(Int(try reader.int16())) }
        metrics.append(
          Metric(
            left: values[0], right: values[1], advance: values[2], ascent: values[3],
            descent: values[4]))
      }
    }
    return metrics
  }

  private func readBitmaps(_ bytes: [UInt8], at offset: Int, metrics: [Metric])
    throws(FontFileError) -> [PixelGlyph]
  {
    var (format, reader) = try table(bytes, at: offset)
    let count = Int(try reader.int32())
    guard count == metrics.count else {
      throw error("\(count) bitmaps for \(metrics.count) glyph metrics")
    }
    var offsets: [Int] = []
    offsets.reserveCapacity(count)
    for _ in 0..<count { offsets.append(Int(try reader.int32())) }
    var sizes: [Int] = []
    for _ in 0..<4 { sizes.append(Int(try reader.int32())) }
    let data = reader.offset
    let pad = 1 << Int(format & 3)
    let mostSignificantBitFirst = format & 8 != 0
    guard data + sizes[Int(format & 3)] <= bytes.count else { throw error("bitmaps cut short") }
    return try zip(offsets, metrics).map { (start, metric) throws(FontFileError) in
      let width = metric.right - metric.left
      let height = metric.ascent + metric.descent
      guard width >= 0, height >= 0 else { throw error("a glyph of negative size") }
      guard start >= 0 else { throw error("a glyph's bitmap starts before its table") }
      let rowBytes = ((width + 7) / 8 + pad - 1) / pad * pad
      guard data + start + rowBytes * height <= bytes.count else {
        throw error("a glyph's bitmap runs past the end of the file")
      }
      var bits = [Bool](repeating: false, count: width * height)
      for y in 0..<height {
        for x in 0..<width {
          let byte = bytes[data + start + y * rowBytes + x / 8]
          let bit = mostSignificantBitFirst ? 7 - x % 8 : x % 8
          bits[y * width + x] = byte >> bit & 1 == 1
        }
      }
      return PixelGlyph(
        width: width, height: height, xOffset: metric.left, yOffset: -metric.descent,
        advance: metric.advance, bits: bits)
    }
  }

  /// Code point → glyph index, from the two-byte encoding table (0xFFFF: no glyph).
  private func readEncodings(_ bytes: [UInt8], at offset: Int) throws(FontFileError) -> [(
    UInt32, Int
  )] {
    var (_, reader) = try table(bytes, at: offset)
    let (firstLow, lastLow) = (Int(try reader.int16()), Int(try reader.int16()))
    let (firstHigh, lastHigh) = (Int(try reader.int16()), Int(try reader.int16()))
    _ = try reader.int16()  // default character
    guard firstLow <= lastLow, firstHigh <= lastHigh else { throw error("an empty encoding") }
    // Each half of a code is a byte.
    guard firstLow >= 0, lastLow <= 255, firstHigh >= 0, lastHigh <= 255 else {
      throw error("an encoding beyond two bytes (\(firstHigh)…\(lastHigh), \(firstLow)…\(lastLow))")
    }
    var pairs: [(UInt32, Int)] = []
    for high in firstHigh...lastHigh {
      for low in firstLow...lastLow {
        let index = Int(UInt16(bitPattern: try reader.int16()))
        if index != 0xFFFF { pairs.append((UInt32(high * 256 + low), index)) }
      }
    }
    return pairs
  }

  private func error(_ message: String) -> FontFileError {
    FontFileError(file: file, line: 0, message: message)
  }

  /// Reads integers at a moving offset, failing (not trapping) past the end.
  struct Reader {
    let file: String
    let bytes: [UInt8]
    var offset: Int
    let bigEndian: Bool

    mutating func byte() throws(FontFileError) -> UInt8 {
      // A table's offset comes from the file: it may point before the start as well.
      guard (0..<bytes.count).contains(offset) else { throw truncated }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func int16() throws(FontFileError) -> Int16 {
      let (a, b) = (UInt16(try byte()), UInt16(try byte()))
      return Int16(bitPattern: bigEndian ? a << 8 | b : b << 8 | a)
    }

    mutating func int32() throws(FontFileError) -> Int32 {
      var value: UInt32 = 0
      for index in 0..<4 {
        let byte = UInt32(try self.byte())
        value |= bigEndian ? byte << (8 * (3 - index)) : byte << (8 * index)
      }
      return Int32(bitPattern: value)
    }

    var truncated: FontFileError {
      FontFileError(file: file, line: 0, message: "the font is cut short")
    }
  }
}
