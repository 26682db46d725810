/// A picture read from a PNG or GIF file: one frame, or an animation's frames, each the whole
/// picture as it shows at that moment (red, green, blue and alpha a pixel, row-major; alpha 0
/// is transparent), with how long it shows.
public struct Picture: Sendable, Hashable {
  public struct Frame: Sendable, Hashable {
    public var rgba: [UInt8]
    /// How long the frame shows before the next (0 for a still picture).
    public var milliseconds: Int

    public init(rgba: [UInt8], milliseconds: Int) {
      self.rgba = rgba
      self.milliseconds = milliseconds
    }
  }

  public let width: Int
  public let height: Int
  public let frames: [Frame]

  public init(width: Int, height: Int, frames: [Frame]) {
    precondition(width > 0 && height > 0 && !frames.isEmpty, "a picture of at least one pixel")
    precondition(frames.allSatisfy { $0.rgba.count == width * height * 4 })
    self.width = width
    self.height = height
    self.frames = frames
  }

  public var isAnimated: Bool { frames.count > 1 }

  /// The same for the same picture in every process (64-bit FNV-1a over its size, pixels
  /// and frame times), as 16 hex digits: how a wall's leader names a picture page's picture
  /// to members that read the same file, rather than sending its pixels.
  public var fingerprint: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    func mix(_ number: Int) {
      var value = UInt64(truncatingIfNeeded: number)
      for _ in 0..<8 {
        mix(UInt8(value & 0xff))
        value >>= 8
      }
    }
    mix(width)
    mix(height)
    mix(frames.count)
    for frame in frames {
      mix(frame.milliseconds)
      for byte in frame.rgba { mix(byte) }
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// One pass of the animation.
  public var loopMilliseconds: Int { frames.reduce(0) { $0 + $1.milliseconds } }

  /// Pixel (x, y) of frame `frame` as red, green, blue and alpha.
  public func pixel(frame: Int, x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    let at = (y * width + x) * 4
    let rgba = frames[frame].rgba
    return (rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3])
  }
}

/// A picture file that cannot be read: the file and what is wrong, in words.
public struct PictureFileError: Error, Hashable, Sendable, CustomStringConvertible {
  public let file: String
  public let message: String

  public init(file: String, message: String) {
    self.file = file
    self.message = message
  }

  public var description: String { "\(file): \(message)" }
}
