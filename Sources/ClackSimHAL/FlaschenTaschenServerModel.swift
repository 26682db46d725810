import ClackCore
import ClackHAL

/// A FlaschenTaschen server (hzeller/flaschen-taschen's `ft-server`) as a display on the
/// network, written from the protocol's description: each UDP datagram is a binary PPM image
/// (`P6`, width and height in decimal, `255`, one whitespace byte, then red, green and blue
/// bytes row by row; end-of-line `#` comments allowed in the header), optionally followed by
/// a footer of three decimal numbers, the x and y offset and the layer. Layer 0 is the
/// background; on the layers above, black is transparent. The model checks every byte: a
/// datagram that breaks the format is refused with where and why, and shows nothing.
public final class FlaschenTaschenServerModel {
  public struct Image: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var rgb: [UInt8]
    public var x = 0
    public var y = 0
    public var layer = 0
  }

  public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
    public let offset: Int
    public let reason: String
    public var description: String { "byte \(offset): \(reason)" }
  }

  public let width: Int
  public let height: Int
  public private(set) var datagrams = 0
  public private(set) var refusals: [Refusal] = []
  /// Each layer's picture as composed so far (display size, RGB).
  private var layers: [Int: [UInt8]] = [:]

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Takes one datagram.
  public func receive(_ datagram: [UInt8]) {
    datagrams += 1
    do {
      let image = try Self.parse(datagram)
      var layer = layers[image.layer] ?? [UInt8](repeating: 0, count: width * height * 3)
      for row in 0..<image.height {
        for column in 0..<image.width {
          let (x, y) = (image.x + column, image.y + row)
          guard x >= 0, x < width, y >= 0, y < height else { continue }
          let from = (row * image.width + column) * 3
          let to = (y * width + x) * 3
          for channel in 0..<3 { layer[to + channel] = image.rgb[from + channel] }
        }
      }
      layers[image.layer] = layer
    } catch {
      refusals.append(error)
    }
  }

  /// What the display shows at (x, y): the highest layer's colour that is not black there,
  /// else the background's.
  public func seen(x: Int, y: Int) -> RGB {
    let at = (y * width + x) * 3
    for layer in layers.keys.sorted(by: >) {
      guard let pixels = layers[layer] else { continue }
      let colour = RGB(pixels[at], pixels[at + 1], pixels[at + 2])
      if layer == 0 || colour != RGB(0, 0, 0) { return colour }
    }
    return RGB(0, 0, 0)
  }

  /// Reads a datagram strictly; throws where and why it breaks the format.
  public static func parse(_ bytes: [UInt8]) throws(Refusal) -> Image {
    var reader = Reader(bytes: bytes)
    guard bytes.starts(with: [0x50, 0x36]) else {
      throw Refusal(offset: 0, reason: "a datagram starts with P6")
    }
    reader.at = 2
    let width = try reader.headerNumber("the width")
    let height = try reader.headerNumber("the height")
    let maximum = try reader.headerNumber("the largest value")
    guard maximum == 255 else {
      throw Refusal(offset: reader.at, reason: "the largest value must be 255, not \(maximum)")
    }
    guard width > 0, height > 0 else {
      throw Refusal(offset: reader.at, reason: "an image of \(width) × \(height) pixels")
    }
    guard reader.at < bytes.count, Reader.isSpace(bytes[reader.at]) else {
      throw Refusal(offset: reader.at, reason: "one whitespace byte must follow 255")
    }
    reader.at += 1
    let end = reader.at + width * height * 3
    guard end <= bytes.count else {
      throw Refusal(
        offset: bytes.count,
        reason:
          "\(width) × \(height) pixels need \(width * height * 3) bytes; \(bytes.count - reader.at) came"
      )
    }
    var image = Image(width: width, height: height, rgb: Array(bytes[reader.at..<end]))
    reader.at = end
    if let offset = try reader.footer() {
      (image.x, image.y, image.layer) = offset
    }
    return image
  }

  struct Reader {
    let bytes: [UInt8]
    var at = 0

    static func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// Whitespace and `#` comments, then a decimal number.
    mutating func headerNumber(_ what: String) throws(Refusal) -> Int {
      var skipped = false
      while at < bytes.count {
        if Self.isSpace(bytes[at]) {
          at += 1
          skipped = true
        } else if bytes[at] == 0x23 {  // '#': to the end of the line
          while at < bytes.count, bytes[at] != 0x0A { at += 1 }
          skipped = true
        } else {
          break
        }
      }
      guard skipped else { throw Refusal(offset: at, reason: "whitespace before \(what)") }
      return try number(what)
    }

    mutating func number(_ what: String, signed: Bool = false) throws(Refusal) -> Int {
      let start = at
      var negative = false
      if signed, at < bytes.count, bytes[at] == 0x2D {
        negative = true
        at += 1
      }
      var value = 0
      while at < bytes.count, Self.isDigit(bytes[at]), value < 1_000_000 {
        value = value * 10 + Int(bytes[at] - 0x30)
        at += 1
      }
      guard at > start + (negative ? 1 : 0) else {
        throw Refusal(offset: start, reason: "\(what): a decimal number")
      }
      return negative ? -value : value
    }

    /// After the pixels: nothing, or three numbers (x, y, layer) in whitespace; trailing
    /// whitespace and NUL bytes allowed.
    mutating func footer() throws(Refusal) -> (Int, Int, Int)? {
      func skip() {
        while at < bytes.count, Self.isSpace(bytes[at]) || bytes[at] == 0 { at += 1 }
      }
      skip()
      guard at < bytes.count else { return nil }
      let x = try number("the footer's x offset", signed: true)
      skip()
      let y = try number("the footer's y offset", signed: true)
      skip()
      let layer = try number("the footer's layer")
      skip()
      guard at == bytes.count else {
        throw Refusal(offset: at, reason: "nothing may follow the footer's three numbers")
      }
      return (x, y, layer)
    }
  }
}
