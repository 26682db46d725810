/// GIFs written byte by byte for tests of the readers and of pictures on panels.
public enum TestGIF {
  /// A GIF89a of `width × height` with a global table of `colours` (at most 128), and frames
  /// each drawn at a place, with a delay in hundredths, a disposal and a transparent index. The
  /// image data is LZW in its simplest form: 7-bit colours as 8-bit codes, a clear code every
  /// 100, so every code is one byte.
  public static func bytes(
    width: Int, height: Int, colours: [(UInt8, UInt8, UInt8)],
    frames: [(
      x: Int, y: Int, width: Int, indices: [UInt8], delay: Int, disposal: Int, transparent: Int?
    )]
  ) -> [UInt8] {
    func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    var bytes = Array("GIF89a".utf8) + le(width) + le(height) + [0x80 | 0x70 | 0x06, 0, 0]
    for index in 0..<128 {
      let colour = index < colours.count ? colours[index] : (0, 0, 0)
      bytes += [colour.0, colour.1, colour.2]
    }
    for frame in frames {
      let packed = UInt8(frame.disposal << 2) | (frame.transparent == nil ? 0 : 1)
      bytes += [0x21, 0xF9, 0x04, packed] + le(frame.delay) + [UInt8(frame.transparent ?? 0), 0]
      let height = frame.indices.count / frame.width
      bytes += [0x2C] + le(frame.x) + le(frame.y) + le(frame.width) + le(height) + [0]
      var codes: [UInt8] = [128]
      for (count, index) in frame.indices.enumerated() {
        if count > 0, count % 100 == 0 { codes.append(128) }
        codes.append(index)
      }
      codes.append(129)
      bytes.append(7)
      var at = 0
      while at < codes.count {
        let block = codes[at..<min(codes.count, at + 255)]
        bytes += [UInt8(block.count)] + block
        at += block.count
      }
      bytes.append(0)
    }
    return bytes + [0x3B]
  }
}
