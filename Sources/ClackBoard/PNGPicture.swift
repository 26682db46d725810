internal import CPNG
import ClackCore

#if canImport(CLibraryLoader)
  import CLibraryLoader
#endif

/// A PNG file through libpng's simplified API: any PNG (grey, palette, 16-bit, interlaced) as
/// 8-bit red, green, blue and alpha.
enum PNGPicture {
  static func read(_ path: String) throws(PictureFileError) -> Picture {
    #if canImport(CLibraryLoader)
      if let problem = clack_libpng_load_error() {
        throw PictureFileError(file: path, message: "cannot read PNG: \(String(cString: problem))")
      }
    #endif
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    defer { png_image_free(&image) }
    guard png_image_begin_read_from_file(&image, path) != 0 else {
      throw PictureFileError(
        file: path, message: "not a PNG libpng can read: \(message(of: image))")
    }
    let (width, height) = (Int(image.width), Int(image.height))
    guard width * height <= PictureFile.largestPixels else {
      throw PictureFileError(
        file: path,
        message: "\(width) × \(height) pixels is more than a picture may have (4096 × 4096)")
    }
    // PNG_FORMAT_RGBA: colour and alpha, 8 bits each (a macro Swift cannot import).
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    let finished = rgba.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
    }
    guard finished != 0 else {
      throw PictureFileError(file: path, message: "the PNG is broken: \(message(of: image))")
    }
    return Picture(width: width, height: height, frames: [.init(rgba: rgba, milliseconds: 0)])
  }

  /// libpng's message about the image, from its 64-byte field.
  private static func message(of image: png_image) -> String {
    withUnsafeBytes(of: image.message) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
