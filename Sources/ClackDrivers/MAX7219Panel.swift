import ClackCore
import ClackHAL

/// A cascade of MAX7219 8×8 blocks on SPI (the chip select is LOAD), as sold in 4-block 32×8
/// modules. One transfer writes one register on every chip of the cascade: a 16-bit word per
/// chip, the last chip's first. Start-up leaves shutdown only once every other register is set
/// and the digits are blank. Each frame writes only the digit rows that changed anywhere in the
/// cascade, one transfer per row, from buffers made at start (no allocation).
///
/// Modules differ in how a block is turned (`blockRotation`, clockwise, as mounted) and
/// whether the first chip of the chain is at the left end (`firstOnLeft`); both come from the
/// board file, as the most common complaint about MAX7219 drivers is getting them wrong.
public final class MAX7219Panel<SPI: SPIDevice>: PixelPanel {
  public let blocks: Int
  public let blockRotation: Int
  public let firstOnLeft: Bool
  public let geometry: PanelGeometry
  /// The last transfer's failure (SPI has no acknowledge: a failure is the whole cascade's).
  public private(set) var fault: HALError?
  public var faultLines: [String] {
    fault.map { ["the SPI cascade on \(spi.name): \($0.message)"] } ?? []
  }
  public var chipCount: Int { 1 }
  public func area(ofChip index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
    (0, 0, geometry.width, geometry.height)
  }
  public func fault(ofChip index: Int) -> (kind: HALErrorKind, message: String)? {
    fault.map { ($0.kind, "the SPI cascade on \(spi.name): \($0.message)") }
  }
  public func isFaulted(chip index: Int) -> Bool { fault != nil }

  /// Digit rows written by the last `show`.
  public private(set) var lastWriteCount = 0
  private let spi: SPI
  private var words: [UInt8]
  private var received: [UInt8]
  /// Per row, per chip: the digit byte wanted now, and the one last written.
  private var wanted: [[UInt8]]
  private var written: [[UInt8]]
  private var known = false

  public init(
    spi: SPI, blocks: Int, blockRotation: Int = 0, firstOnLeft: Bool = false,
    geometry: PanelGeometry? = nil
  ) {
    precondition(blocks > 0, "a cascade has at least one block")
    precondition([0, 90, 180, 270].contains(blockRotation), "a block turns by quarter turns")
    self.spi = spi
    self.blocks = blocks
    self.blockRotation = blockRotation
    self.firstOnLeft = firstOnLeft
    self.geometry = geometry ?? PanelGeometry(width: blocks * 8, height: 8)
    words = [UInt8](repeating: 0, count: blocks * 2)
    received = words
    wanted = Array(repeating: [UInt8](repeating: 0, count: blocks), count: 8)
    written = wanted
  }

  public enum Register: UInt8 {
    case decode = 0x09
    case intensity = 0x0A
    case scanLimit = 0x0B
    case shutdown = 0x0C
    case test = 0x0F
  }

  /// Scan limit 7, no decode, no test, `brightness` (0–15), every digit blank, then out of
  /// shutdown: nothing random is ever shown.
  public func start(brightness: Int = 8) {
    fault = nil
    known = false
    for (register, value) in [
      (Register.scanLimit, 7), (.decode, 0), (.test, 0), (.intensity, max(0, min(15, brightness))),
    ] {
      writeAll(register.rawValue, UInt8(value))
    }
    for row in 0..<8 { writeAll(UInt8(row + 1), 0) }
    writeAll(Register.shutdown.rawValue, 1)
    if fault == nil {
      for row in 0..<8 { for chip in 0..<blocks { written[row][chip] = 0 } }
      known = true
    }
  }

  /// Sets every chip's intensity, 0–15.
  public func setBrightness(_ level: Int) {
    writeAll(Register.intensity.rawValue, UInt8(max(0, min(15, level))))
  }

  /// Shows a picture (`geometry.canvasWidth × canvasHeight`): writes each digit row that
  /// changed on any chip. Lit means any brightness above 0.
  public func show(_ canvas: PixelCanvas) {
    lastWriteCount = 0
    compose(canvas)
    for row in 0..<8 {
      if known, wanted[row] == written[row] { continue }
      for chip in 0..<blocks {
        setWord(chip: chip, address: UInt8(row + 1), data: wanted[row][chip])
      }
      guard send() else {
        known = false
        return
      }
      for chip in 0..<blocks { written[row][chip] = wanted[row][chip] }
      lastWriteCount += 1
    }
    known = true
  }

  /// Each chip's digit bytes for the picture.
  private func compose(_ canvas: PixelCanvas) {
    for chip in 0..<blocks {
      let block = firstOnLeft ? chip : blocks - 1 - chip
      for row in 0..<8 {
        var byte: UInt8 = 0
        for column in 0..<8 {
          let (x, y) = panelPoint(column: column, row: row)
          let point = geometry.canvasPoint(x: block * 8 + x, y: y)
          if canvas[point.x, point.y] > 0 { byte |= 0x80 >> UInt8(column) }
        }
        wanted[row][chip] = byte
      }
    }
  }

  /// Where a chip's own (column, row) LED sits in its block as mounted.
  private func panelPoint(column: Int, row: Int) -> (Int, Int) {
    switch blockRotation {
    case 90: return (7 - row, column)
    case 180: return (7 - column, 7 - row)
    case 270: return (row, 7 - column)
    default: return (column, row)
    }
  }

  private func writeAll(_ address: UInt8, _ data: UInt8) {
    for chip in 0..<blocks { setWord(chip: chip, address: address, data: data) }
    _ = send()
  }

  /// Chip `chip`'s word goes out `blocks − 1 − chip` words from the start: the last chip's
  /// first.
  private func setWord(chip: Int, address: UInt8, data: UInt8) {
    let offset = (blocks - 1 - chip) * 2
    words[offset] = address
    words[offset + 1] = data
  }

  private func send() -> Bool {
    do {
      try words.withBytes { (write) throws(HALError) in
        try received.withMutableBytes { (read) throws(HALError) in
          try spi.transfer(write: write, read: read)
        }
      }
      return true
    } catch {
      fault = error
      return false
    }
  }
}
