/// Writes a picture as a PNG file: an `IndexedBitmap` in 8-bit palette colour, a
/// `ColourCanvas` in 8-bit truecolour (RGB).
public enum PNGEncoder {
  public static func encode(_ bitmap: IndexedBitmap) -> [UInt8] {
    var file = signature
    // Bit depth 8, colour type 3 (palette), deflate compression, adaptive filters, no interlace.
    appendChunk("IHDR", header(bitmap.width, bitmap.height, colourType: 3), to: &file)
    appendChunk("PLTE", bitmap.palette.flatMap { [$0.red, $0.green, $0.blue] }, to: &file)
    let scanlines = filteredScanlines(bitmap.pixels, rowBytes: bitmap.width, rows: bitmap.height)
    appendChunk("IDAT", Deflate.zlib(scanlines), to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  public static func encode(_ canvas: ColourCanvas) -> [UInt8] {
    var file = signature
    // Colour type 2: red, green and blue bytes per pixel.
    appendChunk("IHDR", header(canvas.width, canvas.height, colourType: 2), to: &file)
    let scanlines = filteredScanlines(canvas.bytes, rowBytes: canvas.width * 3, rows: canvas.height)
    appendChunk("IDAT", Deflate.zlib(scanlines), to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func header(_ width: Int, _ height: Int, colourType: UInt8) -> [UInt8] {
    bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colourType, 0, 0, 0]
  }

  /// Each row starts with its filter type. Rows after the first use "Up" (2): a row like the
  /// one above becomes zeros, which the run-only compressor shrinks to almost nothing.
  static func filteredScanlines(_ pixels: [UInt8], rowBytes: Int, rows: Int) -> [UInt8] {
    var data: [UInt8] = []
    data.reserveCapacity((rowBytes + 1) * rows)
    for y in 0..<rows {
      let row = pixels[(y * rowBytes)..<((y + 1) * rowBytes)]
      if y == 0 {
        data.append(0)
        data += row
      } else {
        data.append(2)
        let above = (y - 1) * rowBytes
        for (offset, value) in row.enumerated() {
          data.append(value &- pixels[above + offset])
        }
      }
    }
    return data
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    file += bigEndian(UInt32(data.count))
    file += typeBytes
    file += data
    file += bigEndian(Checksums.crc32(data, continuing: Checksums.crc32(typeBytes)))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
}
