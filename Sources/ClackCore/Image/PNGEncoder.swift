/// Writes an `IndexedBitmap` as a PNG file (8-bit palette colour).
public enum PNGEncoder {
  public static func encode(_ bitmap: IndexedBitmap) -> [UInt8] {
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header = bigEndian(UInt32(bitmap.width)) + bigEndian(UInt32(bitmap.height))
    // Bit depth 8, colour type 3 (palette), deflate compression, adaptive filters, no interlace.
    header += [8, 3, 0, 0, 0]
    appendChunk("IHDR", header, to: &file)
    appendChunk("PLTE", bitmap.palette.flatMap { [$0.red, $0.green, $0.blue] }, to: &file)
    appendChunk("IDAT", Deflate.zlib(filteredScanlines(bitmap)), to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  /// Each row starts with its filter type. Rows after the first use "Up" (2): a row like the
  /// one above becomes zeros, which the run-only compressor shrinks to almost nothing.
  static func filteredScanlines(_ bitmap: IndexedBitmap) -> [UInt8] {
    var data: [UInt8] = []
    data.reserveCapacity((bitmap.width + 1) * bitmap.height)
    for y in 0..<bitmap.height {
      let row = bitmap.pixels[(y * bitmap.width)..<((y + 1) * bitmap.width)]
      if y == 0 {
        data.append(0)
        data += row
      } else {
        data.append(2)
        let above = (y - 1) * bitmap.width
        for (offset, value) in row.enumerated() {
          data.append(value &- bitmap.pixels[above + offset])
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
