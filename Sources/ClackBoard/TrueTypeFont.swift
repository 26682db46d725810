internal import CFreeType
import ClackCore

#if canImport(CLibraryLoader)
  import CLibraryLoader
#endif

/// A TrueType or OpenType font (`.ttf`, `.otf`, `.ttc`) rasterised by FreeType at a size in
/// LEDs, into the bitmap glyphs every pixel font is: each character of the font's Unicode map
/// in the Basic Multilingual Plane, rendered one bit a pixel (an LED is on or off), with its
/// offsets and advance. The ascent and descent are the printable ASCII glyphs' own (not the
/// font's line metrics, which leave room for accents a small panel cannot spare), so a line
/// is as tall as its letters. Read once when the board starts.
enum TrueTypeFont {
  /// `pixelSize`: the em square's height in LEDs (FreeType's pixel size).
  static func rasterise(path: String, pixelSize: Int) throws(FontFileError) -> PixelFont {
    func failure(_ message: String) -> FontFileError {
      FontFileError(file: path, line: 0, message: message)
    }
    #if canImport(CLibraryLoader)
      if let problem = clack_freetype_load_error() {
        throw failure("cannot read TrueType or OpenType fonts: \(String(cString: problem))")
      }
    #endif
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw failure("FreeType could not start")
    }
    defer { FT_Done_FreeType(library) }
    var opened: FT_Face?
    let error = FT_New_Face(library, path, 0, &opened)
    guard error == 0, let face = opened else { throw failure(Self.describe(error)) }
    defer { FT_Done_Face(face) }
    guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else {
      throw failure("FreeType cannot set it to \(pixelSize) pixels (a bitmap-only font?)")
    }
    // Rendered, one bit a pixel, hinted for monochrome (FT_LOAD_TARGET_MONO, a macro Swift
    // cannot import: the render mode in bits 16-19).
    let loadFlags =
      FT_Int32(FT_LOAD_RENDER | FT_LOAD_MONOCHROME)
      | (FT_Int32(FT_RENDER_MODE_MONO.rawValue) & 15) << 16
    var glyphs: [Unicode.Scalar: PixelGlyph] = [:]
    var index: FT_UInt = 0
    var code = FT_Get_First_Char(face, &index)
    while index != 0 {
      if code < 0x1_0000, let scalar = Unicode.Scalar(UInt32(code)),
        FT_Load_Char(face, code, loadFlags) == 0,
        let slot = face.pointee.glyph
      {
        glyphs[scalar] = glyph(of: slot.pointee)
      }
      code = FT_Get_Next_Char(face, code, &index)
    }
    let printable = (0x21...0x7E).compactMap { Unicode.Scalar($0).flatMap { glyphs[$0] } }
    guard !printable.isEmpty else {
      throw failure("it has none of the printable ASCII characters (A–Z, 0–9, …) a board needs")
    }
    let ascent = printable.map { $0.yOffset + $0.height }.max() ?? pixelSize
    let descent = max(0, -(printable.map(\.yOffset).min() ?? 0))
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return PixelFont(
      name: "\(name) at \(pixelSize) px", ascent: ascent, descent: descent, glyphs: glyphs)
  }

  /// A rendered glyph slot as a bitmap glyph: FreeType's monochrome bitmap is one bit a pixel,
  /// most significant first, `pitch` bytes a row (negative: bottom row first).
  private static func glyph(of slot: FT_GlyphSlotRec) -> PixelGlyph {
    let bitmap = slot.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    let pitch = Int(bitmap.pitch)
    var bits = [Bool](repeating: false, count: width * height)
    if let buffer = bitmap.buffer, width > 0, height > 0 {
      for row in 0..<height {
        let start = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
        for column in 0..<width {
          let byte = buffer[start + column / 8]
          bits[row * width + column] = byte & (0x80 >> UInt8(column % 8)) != 0
        }
      }
    }
    return PixelGlyph(
      width: width, height: height, xOffset: Int(slot.bitmap_left),
      yOffset: Int(slot.bitmap_top) - height, advance: Int((slot.advance.x + 32) >> 6),
      bits: bits)
  }

  /// FreeType's error codes a user can meet, in words.
  private static func describe(_ error: FT_Error) -> String {
    switch error {
    case 0x01: "cannot open it"
    case 0x02: "not a font FreeType can read (unknown format)"
    case 0x03: "the font file is broken"
    case 0x06: "it has no such face"
    default: "FreeType cannot read it (error \(error))"
    }
  }
}
