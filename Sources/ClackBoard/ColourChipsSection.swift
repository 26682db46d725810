import ClackCore

/// The `chips:` section of a colour panel, its `ink:` and its `power:`.
enum ColourChipsSection {
  /// `chips:` of a WS2812, SK6812, APA102 chain or a FlaschenTaschen display, filling a
  /// `width × height` picture.
  static func chips(_ reader: YAMLReader, kind: PixelChips.Kind, width: Int, height: Int)
    throws(BoardFileError) -> PixelChips
  {
    if kind == .flaschenTaschen { return try flaschenTaschen(reader, width: width, height: height) }
    let fields = try reader.fields(
      allowed: ["type", "spi_device", "spi_speed_hz", "order", "serpentine", "panels"],
      required: ["type", "spi_device"])
    let speed: Int
    if kind == .apa102 {
      // APA102s take up to about 20 MHz down a short chain; 8 MHz is safe for a long one.
      speed = try fields["spi_speed_hz"]?.int(in: 100_000...32_000_000) ?? 8_000_000
    } else {
      if let given = fields["spi_speed_hz"] {
        throw given.error(
          "a \(kind.rawValue) chain's clock is fixed at 2.4 MHz (three SPI bits a data bit); leave spi_speed_hz out"
        )
      }
      speed = 2_400_000
    }
    let order =
      LEDChainLayout.Panel.Order(
        rawValue: try fields["order"]?.choice(LEDChainLayout.Panel.Order.allCases.map(\.rawValue))
          ?? "rows") ?? .rows
    let serpentine = try fields["serpentine"]?.bool() ?? true
    let panels: [LEDChainLayout.Panel] =
      if let list = fields["panels"] {
        try list.items().map { item throws(BoardFileError) in
          try panel(item, order: order, serpentine: serpentine)
        }
      } else {
        [.init(width: width, height: height, order: order, serpentine: serpentine)]
      }
    let layout: LEDChainLayout
    do {
      layout = try LEDChainLayout(panels: panels)
    } catch {
      throw (fields["panels"] ?? reader).error(error.description)
    }
    guard layout.canvasWidth == width, layout.canvasHeight == height,
      layout.ledCount == width * height
    else {
      throw (fields["panels"] ?? reader).error(
        "the panels make a \(layout.canvasWidth)×\(layout.canvasHeight) picture with \(layout.ledCount) LEDs; the panel is \(width)×\(height): the panels must cover it exactly"
      )
    }
    return PixelChips(
      kind: kind, device: try fields.required("spi_device").string(), backpack: "",
      placements: [.init(address: 0, x: 0, y: 0)], spiSpeedHz: speed, blockRotation: 0,
      firstOnLeft: false,
      colour: ColourWiring(
        layout: layout, spiSpeedHz: speed, host: nil, port: 0, offset: .init(),
        ink: ColourPalette().colours[Int(ColourPalette.ink)], budget: nil))
  }

  /// One item of `panels:`: a panel as wired, where it sits, and how it is mounted.
  private static func panel(
    _ reader: YAMLReader, order: LEDChainLayout.Panel.Order, serpentine: Bool
  ) throws(BoardFileError) -> LEDChainLayout.Panel {
    let fields = try reader.fields(
      allowed: ["width", "height", "x", "y", "rotation", "mirror", "order", "serpentine"],
      required: ["width", "height"])
    let rotation = try fields["rotation"].map(PixelBoardSections.rotation) ?? .none
    let mirror = try fields["mirror"]?.choice(["none", "x", "y"]) ?? "none"
    return LEDChainLayout.Panel(
      width: try fields.required("width").int(in: 1...512),
      height: try fields.required("height").int(in: 1...256),
      order: LEDChainLayout.Panel.Order(
        rawValue: try fields["order"]?.choice(LEDChainLayout.Panel.Order.allCases.map(\.rawValue))
          ?? order.rawValue) ?? order,
      serpentine: try fields["serpentine"]?.bool() ?? serpentine,
      rotation: rotation, mirrorX: mirror == "x", mirrorY: mirror == "y",
      x: try fields["x"]?.int(in: 0...511) ?? 0, y: try fields["y"]?.int(in: 0...255) ?? 0)
  }

  /// `chips:` of a FlaschenTaschen display: `host`, `port` (1337), and `offset: {x, y, layer}`.
  private static func flaschenTaschen(_ reader: YAMLReader, width: Int, height: Int)
    throws(BoardFileError) -> PixelChips
  {
    let fields = try reader.fields(
      allowed: ["type", "host", "port", "offset"], required: ["type", "host"])
    let host = try fields.required("host").string()
    guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
      throw try fields.required("host").error(
        "'\(host)' is not a host name or address, such as ft-panel.local or 192.168.1.40")
    }
    let port = try fields["port"]?.int(in: 1...65_535) ?? 1337
    let offset = try fields["offset"]?.fields(allowed: ["x", "y", "layer"], required: [])
    // What one datagram carries: a PPM header, three bytes a pixel, the footer.
    let bytes = width * height * 3 + 40
    guard bytes <= 65_507 else {
      throw reader.error(
        "a \(width)×\(height) picture takes about \(bytes) bytes, more than one UDP datagram carries (65,507): about 21,000 pixels at most"
      )
    }
    return PixelChips(
      kind: .flaschenTaschen, device: "\(host):\(port)", backpack: "",
      placements: [.init(address: 0, x: 0, y: 0)], spiSpeedHz: 0, blockRotation: 0,
      firstOnLeft: false,
      colour: ColourWiring(
        layout: try plainLayout(reader, width: width, height: height),
        spiSpeedHz: 0, host: host, port: port,
        offset: .init(
          x: try offset?["x"]?.int(in: 0...10_000) ?? 0,
          y: try offset?["y"]?.int(in: 0...10_000) ?? 0,
          layer: try offset?["layer"]?.int(in: 0...15) ?? 0),
        ink: ColourPalette().colours[Int(ColourPalette.ink)], budget: nil))
  }

  /// A FlaschenTaschen picture's pixels in rows, as the PPM carries them.
  private static func plainLayout(_ reader: YAMLReader, width: Int, height: Int)
    throws(BoardFileError) -> LEDChainLayout
  {
    do {
      return try LEDChainLayout(panels: [.init(width: width, height: height, serpentine: false)])
    } catch {
      throw reader.error(error.description)
    }
  }

  /// `ink: "#ffb000"`: the colour text is drawn in.
  static func ink(_ reader: YAMLReader) throws(BoardFileError) -> RGB {
    let text = try reader.string()
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard digits.count == 6, let value = Int(digits, radix: 16) else {
      throw reader.error("'\(text)' is not a colour such as \"#ffb000\" (red, green, blue in hex)")
    }
    guard value != 0 else { throw reader.error("black ink would draw nothing: pick a colour") }
    return RGB(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
  }

  /// `power: {supply_amps, reserved_amps, channel_amps, idle_amps}` of a colour chain: what
  /// the supply gives the LEDs and what they draw; a frame that would draw more is dimmed.
  static func budget(_ reader: YAMLReader, kind: PixelChips.Kind, leds: Int)
    throws(BoardFileError) -> LEDCurrentBudget
  {
    guard kind != .flaschenTaschen else {
      throw reader.error(
        "a FlaschenTaschen display's server drives its LEDs and their supply; power belongs in its own settings"
      )
    }
    let fields = try reader.fields(
      allowed: ["supply_amps", "reserved_amps", "channel_amps", "idle_amps"],
      required: ["supply_amps"])
    let supply = try fields.required("supply_amps").double(in: 0.01...1000) * 1000
    let reserved = try fields["reserved_amps"]?.double(in: 0...1000) ?? 0
    let left = supply - reserved * 1000
    guard left > 0 else {
      throw try fields.required("reserved_amps").error(
        "leaves nothing of the supply's \(supply / 1000) A for the LEDs")
    }
    let budget = LEDCurrentBudget(
      supplyMilliamps: Int(left.rounded(.down)),
      channelMilliamps: (try fields["channel_amps"]?.double(in: 0.000_1...1)).map { $0 * 1000 }
        ?? kind.channelMilliamps,
      idleMilliamps: (try fields["idle_amps"]?.double(in: 0...0.1)).map { $0 * 1000 }
        ?? kind.idleMilliamps)
    let idle = Double(leds) * budget.idleMilliamps
    guard idle < left else {
      throw try fields.required("supply_amps").error(
        "cannot light the panel: its \(leds) LEDs draw \(idle / 1000) A dark, and the supply gives the LEDs \(left / 1000) A"
      )
    }
    return budget
  }
}
