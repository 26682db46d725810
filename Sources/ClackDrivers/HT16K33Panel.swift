import ClackCore
import ClackHAL

/// A pixel panel of one or more HT16K33 matrix backpacks on one I2C bus, tiled side by side
/// (or in any arrangement: each chip has its place on the panel). Start-up clears each chip's
/// display RAM before switching the display on (the RAM powers up random). Each frame, only the
/// chips whose 16 bytes changed are written, each in one transfer (pointer 0x00 and 16 bytes),
/// from buffers made at start: showing a frame allocates nothing. A chip that fails is marked
/// and skipped until it is started again; the rest of the panel keeps working.
public final class HT16K33Panel<Bus: I2CBus>: PixelPanel {
  /// Where one chip's backpack sits on the panel as wired.
  public struct Chip: Sendable, Hashable {
    public var address: UInt8
    public var backpack: Backpack
    /// The backpack's top-left LED on the panel.
    public var x: Int
    public var y: Int

    public init(address: UInt8, backpack: Backpack = .matrix16x8, x: Int = 0, y: Int = 0) {
      self.address = address
      self.backpack = backpack
      self.x = x
      self.y = y
    }
  }

  /// The backpack's wiring of ROW (anode) and COM (cathode) lines, from the datasheet and the
  /// boards: 16×8 is x = ROW, y = COM; the 8×8 turns its columns by one (LED column x is ROW
  /// (x + 7) % 8); the bicolour 8×8 has green on ROW 0–7 and red on ROW 8–15 (lit pixels are
  /// shown green).
  public enum Backpack: String, Sendable, Hashable, CaseIterable {
    case matrix16x8 = "16x8"
    case matrix8x8 = "8x8"
    case bicolor8x8 = "bicolor-8x8"

    public var width: Int { self == .matrix16x8 ? 16 : 8 }
    public var height: Int { 8 }

    /// The chip's ROW line for LED column x.
    func row(forColumn x: Int) -> Int { self == .matrix8x8 ? (x + 7) % 8 : x }
  }

  public let geometry: PanelGeometry
  public let chips: [Chip]
  /// Each chip's latest fault (nil when it works).
  public private(set) var faults: [ChipFault?]
  public var faultLines: [String] { faults.compactMap { $0.map(\.description) } }
  public var chipCount: Int { chips.count }
  public func area(ofChip index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
    (chips[index].x, chips[index].y, chips[index].backpack.width, chips[index].backpack.height)
  }
  public func fault(ofChip index: Int) -> (kind: HALErrorKind, message: String)? {
    faults[index].map { ($0.kind, $0.description) }
  }
  public func isFaulted(chip index: Int) -> Bool { faults[index] != nil }
  /// Chips written by the last `show`.
  public private(set) var lastWriteCount = 0
  private let bus: I2CChips<Bus>
  /// Per chip: the 17 bytes of a RAM write (pointer 0x00, then 16), and the 16 last written.
  private var outgoing: [[UInt8]]
  private var written: [[UInt8]]
  /// Whether `written` holds what the chip has (not after a fault or before start).
  private var known: [Bool]
  /// One chip's RAM as read back, and the dimming level last set.
  private var ram = [UInt8](repeating: 0, count: 16)
  private var level = 15

  public init(bus: Bus, chips: [Chip], geometry: PanelGeometry) throws(HALError) {
    self.bus = try I2CChips(
      bus: bus, addresses: chips.map(\.address),
      needs: "plain I2C, or SMBus send-byte and I2C-block writes, which the HT16K33 needs",
      usable: { $0.contains(.plainI2C) || $0.isSuperset(of: [.smbusByte, .smbusI2CBlock]) })
    self.chips = chips
    self.geometry = geometry
    faults = Array(repeating: nil, count: chips.count)
    outgoing = Array(repeating: [UInt8](repeating: 0, count: 17), count: chips.count)
    written = Array(repeating: [UInt8](repeating: 0, count: 16), count: chips.count)
    known = Array(repeating: false, count: chips.count)
  }

  /// Starts every chip: oscillator on, display RAM cleared, `brightness` (0–15), display on,
  /// no blink — in that order, so nothing random is ever shown. A chip that fails is marked;
  /// the others start.
  public func start(brightness: Int = 15) {
    level = max(0, min(15, brightness))
    for index in chips.indices {
      faults[index] = nil
      known[index] = false
      perform(index) { device throws(HALError) in
        try device.command(0x21)
        try self.writeRAM(index, zeros: true)
        try device.command(0xE0 | UInt8(max(0, min(15, brightness))))
        try device.command(0x81)
      }
    }
  }

  /// Sets every working chip's brightness, 0–15.
  public func setBrightness(_ level: Int) {
    self.level = max(0, min(15, level))
    for index in chips.indices where faults[index] == nil {
      perform(index) { device throws(HALError) in
        try device.command(0xE0 | UInt8(max(0, min(15, level))))
      }
    }
  }

  /// Shows a picture (`geometry.canvasWidth × canvasHeight`): writes each working chip whose
  /// RAM would change. Lit means any brightness above 0.
  public func show(_ canvas: PixelCanvas) {
    lastWriteCount = 0
    for index in chips.indices where faults[index] == nil {
      compose(index, from: canvas)
      if known[index], outgoing[index].dropFirst().elementsEqual(written[index]) { continue }
      perform(index) { _ throws(HALError) in try self.writeRAM(index, zeros: false) }
      if faults[index] == nil {
        remember(index)
        lastWriteCount += 1
      }
    }
  }

  /// Reads every working chip's display RAM back into `canvas`: a lit LED at the dimming's
  /// duty ((level + 1) / 16 of full), as the chip drives it. A chip that fails to answer is
  /// marked and shows dark.
  public func readBack(into canvas: inout PixelCanvas) -> Bool {
    let lit = UInt8((level + 1) * 255 / 16)
    for index in chips.indices {
      let chip = chips[index]
      if faults[index] == nil {
        perform(index) { _ throws(HALError) in
          try self.bus.read(index, register: 0x00, into: &self.ram)
        }
      }
      let working = faults[index] == nil
      for y in 0..<chip.backpack.height {
        for x in 0..<chip.backpack.width {
          let row = chip.backpack.row(forColumn: x)
          let on = working && ram[y * 2 + row / 8] & (1 << UInt8(row % 8)) != 0
          let point = geometry.canvasPoint(x: chip.x + x, y: chip.y + y)
          canvas[point.x, point.y] = on ? lit : 0
        }
      }
    }
    return true
  }

  /// Reads a chip's display RAM back (16 bytes), to show what the chips really hold.
  public func readRAM(chip index: Int) throws(HALError) -> [UInt8] {
    let device = bus.devices[index]
    if bus.plainTransfers {
      try device.command(0x00)
      return try device.read(count: 16)
    }
    return try device.readBlock(register: 0x00, count: 16)
  }

  /// The chip's 16 RAM bytes for the picture, into its outgoing buffer.
  private func compose(_ index: Int, from canvas: PixelCanvas) {
    let chip = chips[index]
    for byte in 1..<17 { outgoing[index][byte] = 0 }
    for y in 0..<chip.backpack.height {
      for x in 0..<chip.backpack.width {
        let point = geometry.canvasPoint(x: chip.x + x, y: chip.y + y)
        guard canvas[point.x, point.y] > 0 else { continue }
        let row = chip.backpack.row(forColumn: x)
        outgoing[index][1 + y * 2 + row / 8] |= 1 << UInt8(row % 8)
      }
    }
  }

  /// Writes the outgoing RAM bytes (or zeros) in one transfer from pointer 0x00.
  private func writeRAM(_ index: Int, zeros: Bool) throws(HALError) {
    if zeros { for byte in 1..<17 { outgoing[index][byte] = 0 } }
    outgoing[index][0] = 0x00
    try bus.write(index, &outgoing[index])
    if zeros { remember(index) }
  }

  private func remember(_ index: Int) {
    for byte in 0..<16 { written[index][byte] = outgoing[index][byte + 1] }
    known[index] = true
  }

  private func perform(_ index: Int, _ body: (I2CDevice<Bus>) throws(HALError) -> Void) {
    guard let fault = bus.run(index, body) else { return }
    faults[index] = fault
    known[index] = false
  }
}
