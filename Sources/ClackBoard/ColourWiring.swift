import ClackCore

/// How a colour panel is reached and what it may draw: a chain of addressable LEDs on an SPI
/// device (its layout on the picture, its SPI clock), or a FlaschenTaschen server on the
/// network (host, port, and where the picture goes on the server's display).
public struct ColourWiring: Hashable, Sendable {
  /// Where a FlaschenTaschen picture goes on the server's display, and its layer (0–15).
  public struct Offset: Hashable, Sendable {
    public var x = 0
    public var y = 0
    public var layer = 0
  }

  /// The chain's LEDs on the picture (a FlaschenTaschen display: one plain panel).
  public var layout: LEDChainLayout
  /// The SPI clock (WS2812 and SK6812 always 2.4 MHz; APA102 as the file says).
  public var spiSpeedHz: Int
  /// A FlaschenTaschen server's host and UDP port.
  public var host: String?
  public var port: Int
  public var offset: Offset
  /// The colour text is drawn in.
  public var ink: RGB
  /// The supply's limit on what a frame may draw; nil: no limit.
  public var budget: LEDCurrentBudget?

  /// The display's palette: dark, the ink, the colour tiles.
  public var palette: ColourPalette { ColourPalette(ink: ink) }
}

extension PixelChips.Kind {
  /// A chain of addressable colour LEDs or a FlaschenTaschen server: a colour panel.
  public var isColour: Bool {
    switch self {
    case .ht16k33, .is31fl3731, .max7219: false
    case .ws2812, .sk6812, .sk6812RGBW, .apa102, .flaschenTaschen: true
    }
  }

  /// What one LED channel draws at full duty, in milliamps, by the datasheets (WS2812B,
  /// SK6812 and APA102 drive each colour at about 20 mA; what a panel really draws is worth
  /// measuring, and `channel_amps` overrides it).
  var channelMilliamps: Double { 20 }
  /// One LED dark: its controller's quiescent current (about 1 mA on a WS2812B or APA102).
  var idleMilliamps: Double { 1 }
}
