import ClackCore
import ClackHAL

/// A pixel panel of IS31FL3731 16×9 charlieplexed matrices (8-bit PWM per LED) on one I2C
/// bus. Each chip draws into the frame it is not showing — all 144 PWM bytes in one transfer
/// (or 32-byte blocks on an SMBus-only adapter) — and then flips its picture register to it,
/// so a half-written frame is never seen. Start-up follows the reference driver: shut down,
/// picture mode, every LED of frames 0 and 1 enabled and dark, frame 0 shown, wake. Brightness
/// scales the PWM values. Only chips whose picture changed are written, from buffers made at
/// start; a chip that fails is marked and the others carry on.
public final class IS31FL3731Panel<Bus: I2CBus>: PixelPanel {
  /// Where one chip's 16×9 matrix sits on the panel as wired.
  public struct Chip: Sendable, Hashable {
    public var address: UInt8
    public var x: Int
    public var y: Int

    public init(address: UInt8 = 0x74, x: Int = 0, y: Int = 0) {
      self.address = address
      self.x = x
      self.y = y
    }
  }

  public static var width: Int { 16 }
  public static var height: Int { 9 }
  static var leds: Int { 144 }
  static var bankSelect: UInt8 { 0xFD }
  static var functionBank: UInt8 { 0x0B }
  static var pwmStart: UInt8 { 0x24 }

  public let chips: [Chip]
  public let geometry: PanelGeometry
  public private(set) var faults: [ChipFault?]
  public var faultLines: [String] { faults.compactMap { $0.map(\.description) } }
  public var chipCount: Int { chips.count }
  public func area(ofChip index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
    (chips[index].x, chips[index].y, 16, 9)
  }
  public func fault(ofChip index: Int) -> (kind: HALErrorKind, message: String)? {
    faults[index].map { ($0.kind, $0.description) }
  }
  public func isFaulted(chip index: Int) -> Bool { faults[index] != nil }
  public private(set) var lastWriteCount = 0
  /// 0–15: the PWM values are scaled by (level + 1) / 16.
  public private(set) var brightness = 15
  private let bus: I2CChips<Bus>
  /// Per chip: register 0x24 and the 144 PWM bytes of the next picture; the last shown; the
  /// frame on show (0 or 1).
  private var outgoing: [[UInt8]]
  private var shown: [[UInt8]]
  private var known: [Bool]
  private var frame: [UInt8]
  /// The picture last shown, to show again at a new brightness: a copy in a canvas made at
  /// start (keeping the caller's would share its storage, and the caller's next drawing would
  /// then copy it: an allocation per frame).
  private var last: PixelCanvas
  private var hasLast = false

  public init(bus: Bus, chips: [Chip], geometry: PanelGeometry) throws(HALError) {
    self.bus = try I2CChips(
      bus: bus, addresses: chips.map(\.address),
      needs: "SMBus byte writes and plain I2C or I2C-block writes, which the IS31FL3731 needs",
      usable: {
        $0.contains(.smbusByteData) && ($0.contains(.plainI2C) || $0.contains(.smbusI2CBlock))
      })
    self.chips = chips
    self.geometry = geometry
    faults = Array(repeating: nil, count: chips.count)
    outgoing = Array(repeating: [UInt8](repeating: 0, count: Self.leds + 1), count: chips.count)
    shown = Array(repeating: [UInt8](repeating: 0, count: Self.leds), count: chips.count)
    known = Array(repeating: false, count: chips.count)
    last = PixelCanvas(width: geometry.canvasWidth, height: geometry.canvasHeight, depth: .grey)
    frame = Array(repeating: 0, count: chips.count)
  }

  /// Starts every chip (see the type's comment); `brightness` 0–15.
  public func start(brightness: Int = 15) {
    self.brightness = max(0, min(15, brightness))
    for index in chips.indices {
      faults[index] = nil
      known[index] = false
      perform(index) { device throws(HALError) in
        try device.writeByte(register: Self.bankSelect, Self.functionBank)
        try device.writeByte(register: 0x0A, 0x00)  // shut down while setting up
        try device.writeByte(register: 0x00, 0x00)  // picture mode
        try device.writeByte(register: 0x01, 0x00)  // show frame 0
        try device.writeByte(register: 0x06, 0x00)  // no audio sync
        for frame: UInt8 in 0...1 {
          try device.writeByte(register: Self.bankSelect, frame)
          try device.writeRegisters(start: 0x00, [UInt8](repeating: 0xFF, count: 18))
          try device.writeRegisters(start: 0x12, [UInt8](repeating: 0x00, count: 18))
          try device.writeRegisters(start: Self.pwmStart, [UInt8](repeating: 0, count: Self.leds))
        }
        try device.writeByte(register: Self.bankSelect, Self.functionBank)
        try device.writeByte(register: 0x0A, 0x01)  // wake
      }
      if faults[index] == nil {
        frame[index] = 0
        for led in 0..<Self.leds { shown[index][led] = 0 }
        known[index] = true
      }
    }
  }

  /// Scales the PWM by (level + 1) / 16, and shows the last picture again at it.
  public func setBrightness(_ level: Int) {
    brightness = max(0, min(15, level))
    for index in chips.indices { known[index] = false }
    if hasLast { showLast() }
  }

  /// Shows a picture: grey levels as PWM (a mono canvas is full or dark), into each changed
  /// chip's hidden frame, then flipped in.
  public func show(_ canvas: PixelCanvas) {
    last.copy(from: canvas)
    hasLast = true
    showLast()
  }

  /// Writes `last` to each chip whose picture it changes.
  private func showLast() {
    let canvas = last
    lastWriteCount = 0
    for index in chips.indices where faults[index] == nil {
      compose(index, from: canvas)
      if known[index], outgoing[index].dropFirst().elementsEqual(shown[index]) { continue }
      let hidden: UInt8 = frame[index] == 0 ? 1 : 0
      perform(index) { device throws(HALError) in
        try device.writeByte(register: Self.bankSelect, hidden)
        try self.writePWM(index)
        try device.writeByte(register: Self.bankSelect, Self.functionBank)
        try device.writeByte(register: 0x01, hidden)
      }
      guard faults[index] == nil else { continue }
      frame[index] = hidden
      for led in 0..<Self.leds { shown[index][led] = outgoing[index][led + 1] }
      known[index] = true
      lastWriteCount += 1
    }
  }

  private func compose(_ index: Int, from canvas: PixelCanvas) {
    let chip = chips[index]
    let scale = brightness + 1
    outgoing[index][0] = Self.pwmStart
    for y in 0..<Self.height {
      for x in 0..<Self.width {
        let point = geometry.canvasPoint(x: chip.x + x, y: chip.y + y)
        outgoing[index][1 + x + Self.width * y] = UInt8(Int(canvas[point.x, point.y]) * scale / 16)
      }
    }
  }

  /// The 144 PWM bytes from register 0x24: one transfer, or 32-byte blocks.
  private func writePWM(_ index: Int) throws(HALError) {
    outgoing[index][0] = Self.pwmStart
    try bus.write(index, &outgoing[index])
  }

  private func perform(_ index: Int, _ body: (I2CDevice<Bus>) throws(HALError) -> Void) {
    guard let fault = bus.run(index, body) else { return }
    faults[index] = fault
    known[index] = false
  }
}
