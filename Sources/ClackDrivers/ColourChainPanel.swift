import ClackCore
import ClackHAL

/// A chain of addressable colour LEDs on one SPI device: WS2812/SK6812 (RGB or RGBW) on MOSI
/// alone, or APA102/SK9822 on MOSI and SCLK. A picture goes out as one frame in one transfer:
/// each LED takes its pixel through the chain's layout, the panel's brightness and the
/// lightness curve (so dim colours keep their hue), then the supply's budget, which dims the
/// frame as a whole when it would draw more than the supply gives. On an RGBW chain the white
/// the three colours share is moved to the white LED. Buffers are made at start; a frame
/// allocates nothing.
public final class ColourChainPanel<SPI: SPIDevice> {
  /// The chips of the chain.
  public enum Chip: Sendable, Hashable {
    case ws2812
    case sk6812RGBW
    case apa102

    /// Bytes a LED takes on the wire.
    public var channels: Int { self == .sk6812RGBW ? 4 : 3 }
  }

  public let chip: Chip
  public let layout: LEDChainLayout
  public let budget: LEDCurrentBudget?
  /// The last transfer's failure (the chain cannot answer, so a failure is the whole chain's).
  public private(set) var fault: HALError?
  /// The factor the last frame was dimmed by to fit the supply (1: it fitted).
  public private(set) var lastSupplyScale = 1.0
  /// Brightness, 0–15 (15: full lightness).
  public private(set) var brightness = 15

  private let spi: SPI
  private let curve = LightnessCurve()
  /// Each lightness's duty at the brightness (the curve after the brightness: one lookup a
  /// channel in a frame).
  private var duty = LightnessCurve().duty
  private var wire: [UInt8]
  private var frame: [UInt8]
  private var received: [UInt8]

  public init(spi: SPI, chip: Chip, layout: LEDChainLayout, budget: LEDCurrentBudget? = nil) {
    self.spi = spi
    self.chip = chip
    self.layout = layout
    self.budget = budget
    wire = [UInt8](repeating: 0, count: layout.ledCount * chip.channels)
    let frameBytes =
      chip == .apa102
      ? APA102Encoding(ledCount: layout.ledCount).frameBytes
      : WS2812Encoding(ledCount: layout.ledCount, channels: chip.channels).frameBytes
    frame = [UInt8](repeating: 0, count: frameBytes)
    received = frame
  }

  /// The SPI device the chain is on.
  public var connection: String { spi.name }

  /// Bytes of one frame on the wire.
  public var frameBytes: Int { frame.count }

  public func setBrightness(_ level: Int) {
    brightness = min(15, max(0, level))
    for value in 0..<256 { duty[value] = curve[UInt8(value * (brightness + 1) / 16)] }
  }

  /// Shows `canvas` (of the layout's canvas size). A failed transfer is kept in `fault` and
  /// cleared by the next that succeeds.
  public func show(_ canvas: ColourCanvas) {
    precondition(canvas.width == layout.canvasWidth && canvas.height == layout.canvasHeight)
    let channels = chip.channels
    duty.withUnsafeBufferPointer { duty in
      canvas.bytes.withUnsafeBufferPointer { pixels in
        wire.withUnsafeMutableBufferPointer { out in
          for (led, pixel) in layout.pixelOfLED.enumerated() {
            var red = duty[Int(pixels[pixel * 3])]
            var green = duty[Int(pixels[pixel * 3 + 1])]
            var blue = duty[Int(pixels[pixel * 3 + 2])]
            let at = led * channels
            switch chip {
            case .apa102:
              (out[at], out[at + 1], out[at + 2]) = (red, green, blue)
            case .ws2812:
              (out[at], out[at + 1], out[at + 2]) = (green, red, blue)
            case .sk6812RGBW:
              let white = min(red, green, blue)
              red -= white
              green -= white
              blue -= white
              (out[at], out[at + 1], out[at + 2], out[at + 3]) = (green, red, blue, white)
            }
          }
          lastSupplyScale = budget?.fit(out, leds: layout.ledCount) ?? 1
        }
      }
    }
    send()
  }

  private func send() {
    let leds = layout.ledCount
    wire.withUnsafeBufferPointer { input in
      frame.withUnsafeMutableBufferPointer { output in
        if chip == .apa102 {
          APA102Encoding(ledCount: leds).encode(input, brightness: 31, into: output)
        } else {
          WS2812Encoding(ledCount: leds, channels: chip.channels).encode(input, into: output)
        }
      }
    }
    do {
      try frame.withBytes { (write) throws(HALError) in
        try received.withMutableBytes { (read) throws(HALError) in
          try spi.transfer(write: write, read: read)
        }
      }
      fault = nil
    } catch {
      fault = error
    }
  }
}
