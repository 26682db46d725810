import ClackCore

/// The sections of a pixel board file that need more than one line to read.
enum PixelBoardSections {
  static func hex(_ value: Int) -> String { BoardSections.hex(value) }

  /// `chips:` — the chip type and wiring; chips tile the panel left to right, then top to
  /// bottom, in the order their addresses are listed.
  static func chips(_ reader: YAMLReader, width: Int, height: Int) throws(BoardFileError)
    -> PixelChips
  {
    let ledFields = [
      "type", "bus", "addresses", "backpack", "spi_device", "spi_speed_hz", "blocks",
      "block_rotation", "first_on_left", "gpio", "clock_hz",
    ]
    // The type decides which fields the rest may have, so it is read first.
    guard let type = reader.node.mapping?["type"] else {
      throw reader.error(
        "needs a type: \(PixelChips.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    let kind =
      PixelChips.Kind(
        rawValue: try YAMLReader(file: reader.file, node: type, path: reader.path + ".type")
          .choice(PixelChips.Kind.allCases.map(\.rawValue))) ?? .ht16k33
    if kind.isColour {
      return try ColourChipsSection.chips(reader, kind: kind, width: width, height: height)
    }
    let fields = try reader.fields(allowed: ledFields, required: ["type"])
    if kind == .max7219 {
      if let clock = fields["clock_hz"] {
        throw clock.error("clock_hz is an I2C bus's clock; a MAX7219's is spi_speed_hz")
      }
      let blocksReader = try fields.required("blocks")
      let blocks = try blocksReader.int(in: 1...64)
      guard blocks * 8 == width, height == 8 else {
        throw blocksReader.error(
          "\(blocks) blocks of 8×8 make a \(blocks * 8)×8 panel; the panel is \(width)×\(height)")
      }
      let bitBang = try fields["gpio"].map(bitBangWiring)
      if bitBang != nil, let spi = fields["spi_device"] {
        throw spi.error("give spi_device (SPI) or gpio (bit-banged), not both")
      }
      if bitBang == nil, fields["spi_device"] == nil {
        throw reader.error(
          "a MAX7219 cascade needs spi_device (such as /dev/spidev0.0) or gpio: {chip, din, clk, load}"
        )
      }
      let device =
        if let bitBang { "GPIO \(bitBang.chip)" } else {
          try fields.required("spi_device").string()
        }
      return PixelChips(
        kind: kind, device: device,
        backpack: "8x8",
        placements: (0..<blocks).map { .init(address: 0, x: $0 * 8, y: 0) },
        spiSpeedHz: try fields["spi_speed_hz"]?.int(in: 10_000...10_000_000) ?? 1_000_000,
        blockRotation: try fields["block_rotation"].map { value throws(BoardFileError) in
          Int(try value.choice(["0", "90", "180", "270"])) ?? 0
        } ?? 0,
        firstOnLeft: try fields["first_on_left"]?.bool() ?? false, bitBang: bitBang)
    }
    let backpack =
      kind == .ht16k33
      ? try fields["backpack"]?.choice(["16x8", "8x8", "bicolor-8x8"]) ?? "16x8" : "16x9"
    let (chipWidth, chipHeight) =
      kind == .is31fl3731 ? (16, 9) : (backpack == "16x8" ? 16 : 8, 8)
    let addressesReader = try fields.required("addresses")
    let range = kind == .ht16k33 ? 0x70...0x77 : 0x74...0x77
    var addresses: [Int] = []
    for item in try addressesReader.items() {
      let address = try item.int(in: 0...0x7F)
      guard range.contains(address) else {
        let chip = kind == .ht16k33 ? "an HT16K33" : "an IS31FL3731"
        throw item.error(
          "\(hex(address)) is not an address \(chip) can have (\(hex(range.lowerBound))-\(hex(range.upperBound)))"
        )
      }
      guard !addresses.contains(address) else {
        throw item.error("\(hex(address)) is listed twice")
      }
      addresses.append(address)
    }
    let across = width / chipWidth
    let down = height / chipHeight
    guard width % chipWidth == 0, height % chipHeight == 0, addresses.count == across * down else {
      throw addressesReader.error(
        "\(addresses.count) chips of \(chipWidth)×\(chipHeight) do not tile a \(width)×\(height) panel (it takes \(max(1, across)) across and \(max(1, down)) down)"
      )
    }
    var chips = PixelChips(
      kind: kind, device: try fields.required("bus").string(), backpack: backpack,
      placements: addresses.enumerated().map { index, address in
        .init(address: address, x: index % across * chipWidth, y: index / across * chipHeight)
      },
      spiSpeedHz: 0, blockRotation: 0, firstOnLeft: false)
    chips.i2cClockHz =
      try fields["clock_hz"]?.int(in: 10_000...1_000_000) ?? I2CWiring.defaultClockHz
    return chips
  }

  /// `rotation: 0 | 90 | 180 | 270`, in quarter turns clockwise.
  static func rotation(_ reader: YAMLReader) throws(BoardFileError) -> PanelGeometry.Rotation {
    let degrees = try reader.choice(PanelGeometry.Rotation.allCases.map { "\($0.degrees)" })
    return Int(degrees).flatMap(PanelGeometry.Rotation.init(rawValue:)) ?? .none
  }

  /// `gpio: {chip, din, clk, load}`: a MAX7219 cascade on three GPIO lines (offsets).
  static func bitBangWiring(_ reader: YAMLReader) throws(BoardFileError) -> PixelChips.BitBang {
    let fields = try reader.fields(
      allowed: ["chip", "din", "clk", "load"], required: ["chip", "din", "clk", "load"])
    let wiring = PixelChips.BitBang(
      chip: try fields.required("chip").string(), data: try fields.required("din").int(in: 0...511),
      clock: try fields.required("clk").int(in: 0...511),
      load: try fields.required("load").int(in: 0...511))
    guard Set([wiring.data, wiring.clock, wiring.load]).count == 3 else {
      throw reader.error("din, clk and load must be three different lines")
    }
    return wiring
  }

  /// `night: {brightness, from, to}` with times as HH:MM.
  static func night(_ reader: YAMLReader) throws(BoardFileError)
    -> PixelBoardDefinition.NightBrightness
  {
    let fields = try reader.fields(
      allowed: ["brightness", "from", "to"], required: ["brightness", "from", "to"])
    return .init(
      brightness: try fields.required("brightness").int(in: 0...15),
      fromMinute: try minute(fields.required("from")),
      toMinute: try minute(fields.required("to")))
  }

  private static func minute(_ reader: YAMLReader) throws(BoardFileError) -> Int {
    let text = try reader.string()
    let parts = text.split(separator: ":")
    guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
      (0..<24).contains(hour), (0..<60).contains(minute)
    else { throw reader.error("'\(text)' is not a time such as 22:00") }
    return hour * 60 + minute
  }
}
