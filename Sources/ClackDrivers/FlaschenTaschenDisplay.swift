import ClackCore
import ClackHAL

/// A display on the network that speaks the FlaschenTaschen protocol: a HUB75 panel behind
/// hzeller/rpi-rgb-led-matrix's `ft-server` (which refreshes the panel from the Pi's GPIO and
/// needs root; Clack does not), or any other FlaschenTaschen server. Each picture is one UDP
/// datagram: a binary PPM image (`P6`, width, height, `255`, then red, green and blue bytes)
/// and a footer with where it goes on the server's display (x, y) and its layer. The
/// datagram is made at start; a frame only copies pixels into it. The server corrects
/// lightness itself (rpi-rgb-led-matrix does by default), so pixels go as drawn, scaled by the
/// brightness.
public final class FlaschenTaschenDisplay<Sender: DatagramSender> {
  /// UDP's largest payload over IPv4.
  public static var largestDatagram: Int { 65_507 }

  public let width: Int
  public let height: Int
  /// The last send's failure, cleared by the next that succeeds.
  public private(set) var fault: HALError?
  public private(set) var brightness = 15
  private let sender: Sender
  /// Each byte's value at the brightness (a table, so a frame is one lookup a byte).
  private var scaled: [UInt8] = (0..<256).map { UInt8($0) }
  private var datagram: [UInt8]
  private let pixelStart: Int

  /// Throws when the picture cannot fit one datagram, naming the largest that does.
  public init(sender: Sender, width: Int, height: Int, x: Int = 0, y: Int = 0, layer: Int = 0)
    throws(HALError)
  {
    precondition(width > 0 && height > 0, "a display of at least one pixel")
    let header = Array("P6\n\(width) \(height)\n255\n".utf8)
    let footer = Array("\n\(x) \(y) \(layer)\n".utf8)
    let size = header.count + width * height * 3 + footer.count
    guard size <= Self.largestDatagram else {
      throw HALError(
        kind: .invalidArgument, device: sender.name,
        message:
          "a \(width) × \(height) picture takes \(size) bytes, more than one UDP datagram "
          + "carries (65,507): about 21,000 pixels at most, e.g. 128 × 128 or 192 × 96")
    }
    self.sender = sender
    self.width = width
    self.height = height
    pixelStart = header.count
    datagram = header + [UInt8](repeating: 0, count: width * height * 3) + footer
  }

  /// The server, as `host:port`.
  public var connection: String { sender.name }

  /// Bytes a frame puts in its datagram.
  public var datagramBytes: Int { datagram.count }

  public func setBrightness(_ level: Int) {
    brightness = min(15, max(0, level))
    for value in 0..<256 { scaled[value] = UInt8(value * (brightness + 1) / 16) }
  }

  /// Sends `canvas` (`width × height`).
  public func show(_ canvas: ColourCanvas) {
    precondition(canvas.width == width && canvas.height == height)
    let start = pixelStart
    scaled.withUnsafeBufferPointer { scaled in
      canvas.bytes.withUnsafeBufferPointer { pixels in
        datagram.withUnsafeMutableBufferPointer { out in
          for index in pixels.indices { out[start + index] = scaled[Int(pixels[index])] }
        }
      }
    }
    do {
      try datagram.withBytes { (bytes) throws(HALError) in try sender.send(bytes) }
      fault = nil
    } catch {
      fault = error
    }
  }
}
