import ClackCore

/// A pixel (LED matrix) board file: the panel, its chips and how they are wired, the font that
/// makes its character grid, brightness and motion. A board file with a `panel` section is a
/// pixel board; see docs/boards.md.
public struct PixelBoardDefinition: Hashable, Sendable {
  public let name: String
  public let description: String?
  public let geometry: PanelGeometry
  public let chips: PixelChips
  /// `builtin-5x7`, or the path of a BDF, Unifont `.hex` or PCF (`.pcf`, `.pcf.gz`) font, or
  /// of a TrueType or OpenType font (`.ttf`, `.otf`, `.ttc`) drawn at `fontSize`.
  public let font: String
  /// A TrueType or OpenType font's size in LEDs (its em square); nil for bitmap fonts.
  public var fontSize: Int? = nil
  public let lineSpacing: Int
  /// 0–15.
  public let brightness: Int
  public let night: NightBrightness?
  /// Pixels per second for lines too long for the panel.
  public let scrollSpeed: Int
  public let transition: PixelTransitionKind
  public let transitionMilliseconds: Int
  /// Simulated only (like `sim-6x22`): the chips are always the register-level models.
  public let simulatedOnly: Bool
  /// Chips the simulation leaves off the bus (to try faults).
  public let missingChips: [Int]
  /// The LEDs' supply, when the file gives it (`power:`): brightness is capped to it.
  public var power: PanelPower? = nil

  /// The highest brightness (0–15) the supply allows with every LED lit: 15 without a supply.
  public var maxBrightness: Int {
    power?.maxBrightness(leds: geometry.width * geometry.height) ?? 15
  }

  /// On and off, 256 grey levels (the IS31FL3731's PWM), or a colour panel's palette.
  public var depth: PixelDepth {
    chips.kind.isColour ? .palette : chips.kind == .is31fl3731 ? .grey : .mono
  }

  /// Brightness from `from` to `to` (local time; may wrap past midnight).
  public struct NightBrightness: Hashable, Sendable {
    public let brightness: Int
    public let fromMinute: Int
    public let toMinute: Int
  }

  /// Reads and validates a pixel board file.
  public static func load(path: String) throws(BoardFileError) -> PixelBoardDefinition {
    try parse(yaml: YAMLReader.text(atPath: path), file: path)
  }

  /// True when the board file describes a pixel board (it has a `panel` section).
  public static func isPixelBoard(yaml: String) -> Bool {
    (try? YAMLReader.root(yaml: yaml, file: "").node.mapping?["panel"]) != nil
  }

  public static func parse(yaml: String, file: String) throws(BoardFileError)
    -> PixelBoardDefinition
  {
    let top = try YAMLReader.root(yaml: yaml, file: file).fields(
      allowed: [
        "name", "description", "panel", "chips", "font", "line_spacing", "brightness", "night",
        "scroll_speed", "transition", "simulation", "power", "ink", "font_size",
      ],
      required: ["name", "panel", "chips"])
    let panel = try top.required("panel").fields(
      allowed: ["width", "height", "rotation", "mirror"], required: ["width", "height"])
    let width = try panel.required("width").int(in: 8...512)
    let height = try panel.required("height").int(in: 8...256)
    let rotation = try panel["rotation"].map(PixelBoardSections.rotation) ?? .none
    let mirror = try panel["mirror"]?.choice(["none", "x", "y"]) ?? "none"
    let geometry = PanelGeometry(
      width: width, height: height, rotation: rotation, mirrorX: mirror == "x",
      mirrorY: mirror == "y")
    var chips = try PixelBoardSections.chips(top.required("chips"), width: width, height: height)
    if chips.kind.isColour {
      // A colour chain turns and mirrors each of its panels (chips.panels), not the picture.
      for name in ["rotation", "mirror"] {
        if let field = panel[name] {
          throw field.error(
            "a colour panel is turned or mirrored panel by panel: give it in chips.panels")
        }
      }
      if let ink = top["ink"] { chips.colour?.ink = try ColourChipsSection.ink(ink) }
      if let power = top["power"] {
        chips.colour?.budget = try ColourChipsSection.budget(
          power, kind: chips.kind, leds: width * height)
      }
    } else if let ink = top["ink"] {
      throw ink.error("only a colour panel has an ink colour; this one's LEDs have one colour")
    }
    let simulation = try top["simulation"]?.fields(
      allowed: ["always", "missing_chips"], required: [])
    let missing = try simulation?["missing_chips"].map { reader throws(BoardFileError) in
      try reader.items().map { item throws(BoardFileError) in
        try item.int(in: 0...(chips.count - 1))
      }
    }
    let transition = try top["transition"]?.fields(
      allowed: ["kind", "milliseconds"], required: ["kind"])
    let power = try top["power"].flatMap { reader throws(BoardFileError) in
      chips.kind.isColour ? nil : try PanelPower.parse(reader, leds: width * height)
    }
    let most = power?.maxBrightness(leds: width * height) ?? 15
    let brightness = try top["brightness"]?.int(in: 0...15) ?? min(8, most)
    let night = try top["night"].map(PixelBoardSections.night)
    for (name, level) in [("brightness", brightness), ("night", night?.brightness ?? 0)]
    where level > most {
      let place: YAMLReader
      if let field = top[name] { place = field } else { place = try top.required("power") }
      throw place.error(
        (name == "night" ? "brightness " : "")
          + "\(level) is above \(most), the most its supply allows with every LED lit (power)")
    }
    let font = try top["font"]?.string() ?? "builtin-5x7"
    let fontSize = try top["font_size"]?.int(in: 4...128)
    if PixelFontFile.isOutline(font), fontSize == nil {
      throw try top.required("font").error(
        "a TrueType or OpenType font needs font_size: its height in LEDs (such as \(min(16, height)))"
      )
    }
    if let field = top["font_size"], !PixelFontFile.isOutline(font) {
      throw field.error(
        "font_size is for TrueType and OpenType fonts (.ttf, .otf, .ttc); a bitmap font has its own size"
      )
    }
    return PixelBoardDefinition(
      name: try top.required("name").string(),
      description: try top["description"]?.string(),
      geometry: geometry, chips: chips,
      font: font, fontSize: fontSize,
      lineSpacing: try top["line_spacing"]?.int(in: 0...16) ?? 0,
      brightness: brightness, night: night,
      scrollSpeed: try top["scroll_speed"]?.int(in: 1...500) ?? 20,
      transition: try transition.map { fields throws(BoardFileError) in
        PixelTransitionKind(
          rawValue: try fields.required("kind").choice(
            PixelTransitionKind.allCases.map(\.rawValue))) ?? .instant
      } ?? .wipe,
      transitionMilliseconds: try transition?["milliseconds"]?.int(in: 0...10_000) ?? 600,
      simulatedOnly: try simulation?["always"]?.bool() ?? false,
      missingChips: missing ?? [], power: power)
  }
}

/// The chips of a pixel panel and their wiring.
public struct PixelChips: Hashable, Sendable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case ht16k33, is31fl3731, max7219
    case ws2812, sk6812
    case sk6812RGBW = "sk6812-rgbw"
    case apa102
    case flaschenTaschen = "flaschen-taschen"
  }

  /// One chip: its I2C address (0 for a MAX7219 block) and its top-left LED on the panel.
  public struct Placement: Hashable, Sendable {
    public let address: Int
    public let x: Int
    public let y: Int
  }

  public let kind: Kind
  /// The I2C bus (`/dev/i2c-1`), the SPI device for a MAX7219 cascade or a colour chain, or a
  /// FlaschenTaschen server's `host:port`.
  public let device: String
  /// HT16K33 only: `16x8`, `8x8` or `bicolor-8x8`.
  public let backpack: String
  public let placements: [Placement]
  /// MAX7219 only.
  public let spiSpeedHz: Int
  public let blockRotation: Int
  public let firstOnLeft: Bool
  /// MAX7219 only: the cascade bit-banged on GPIO lines instead of SPI.
  public var bitBang: BitBang? = nil
  /// I2C chips only: the bus's clock as the machine sets it (`clock_hz`; the Pi's default
  /// 100 kHz unless config.txt raises it).
  public var i2cClockHz = I2CWiring.defaultClockHz
  /// Colour panels only: the chain's layout or the server, the ink and the supply.
  public var colour: ColourWiring? = nil

  /// Three GPIO lines of one chip (by label or path) carrying a MAX7219 cascade's DIN, CLK and
  /// LOAD.
  public struct BitBang: Hashable, Sendable {
    public let chip: String
    public let data: Int
    public let clock: Int
    public let load: Int
  }

  public var count: Int { placements.count }
}
