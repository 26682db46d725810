import ClackBoard
import ClackCore
import Foundation

/// An LED panel's preview: text laid out in its character grid, drawn into its LEDs in its
/// font and printed as half blocks, a PNG of the panel's LEDs, and the file's check with a
/// test picture shown on its simulated chips and read back from their registers.
public struct PixelBoardPreview: BoardPreview {
  let board: PixelBoardDefinition
  let grid: PixelGrid
  public let layout: TextLayout

  /// The panel of `board`, its font loaded (a missing font is an error here).
  public init(board: PixelBoardDefinition) throws(BoardFileError) {
    self.board = board
    grid = try board.characterGrid(file: board.name)
    layout = TextLayout(rows: grid.rows, cols: grid.cols, flapSet: grid.symbolSet())
  }

  public var name: String { board.name }
  /// Text in runes only when asked for: the font's Latin letters are what a panel shows.
  public var defaultScript: RunicScript { .latin }
  public var scrolling: (boardCols: Int, maxCells: Int)? { (grid.cols, PixelDrive.lineCapacity) }

  public func picture(of frame: Frame, style: PreviewStyle) throws(PreviewFailure)
    -> (picture: String, notes: String)
  {
    try present(canvas(of: frame), style: style)
  }

  /// Frame `frame` (from 0) of a picture, fitted to the panel, as `picture(of:style:)` shows
  /// text; and a line of what it is and where it went.
  public func picture(of picture: Picture, frame: Int, style: PreviewStyle) throws(PreviewFailure)
    -> (picture: String, notes: String)
  {
    let geometry = board.geometry
    let (shown, notes) = try present(canvas(of: picture, frame: frame), style: style)
    let place = PictureFit(width: geometry.canvasWidth, height: geometry.canvasHeight)
      .placement(of: picture)
    var line = "\(picture.width)×\(picture.height) px"
    if picture.isAnimated {
      line +=
        ", frame \(frame + 1) of \(picture.frames.count) (\(picture.loopMilliseconds) ms a loop)"
    }
    line += ": \(place.width)×\(place.height) LEDs at (\(place.x), \(place.y)) of \(board.name)'s "
    line += "\(geometry.width)×\(geometry.height)\n"
    return (shown, line + notes)
  }

  /// A canvas of the panel as half blocks (in colour where wanted), and the PNG when asked.
  private func present(_ canvas: PixelCanvas, style: PreviewStyle) throws(PreviewFailure)
    -> (picture: String, notes: String)
  {
    var notes = ""
    let colours = board.chips.colour?.palette
    if let png = style.png {
      let (bytes, width, height) = Self.png(of: canvas, colours: colours)
      do {
        try Data(bytes).write(to: URL(fileURLWithPath: png), options: .atomic)
      } catch {
        throw PreviewFailure("could not write the picture to \(png): \(error.localizedDescription)")
      }
      notes = "wrote \(png) (\(width)×\(height) px, \(bytes.count) bytes)\n"
    }
    // In colour where colours are wanted (a terminal, --color); else lit or dark.
    if let colours, style.color {
      return (HalfBlockPicture.render(colours.coloured(canvas)), notes)
    }
    return (HalfBlockPicture.render(canvas), notes)
  }

  public func png(of frame: Frame, scale: Int) -> [UInt8] {
    Self.png(of: canvas(of: frame), colours: board.chips.colour?.palette).bytes
  }

  public func png(of screen: Screen, scale: Int) -> [UInt8] {
    guard let picture = screen.picture else { return png(of: screen.frame, scale: scale) }
    return Self.png(of: canvas(of: picture, frame: 0), colours: board.chips.colour?.palette).bytes
  }

  /// The panel's LEDs as a PNG: levels of the LED colour, or a colour panel's in true colour.
  static func png(of canvas: PixelCanvas, colours: ColourPalette?) -> (
    bytes: [UInt8], width: Int, height: Int
  ) {
    if let colours {
      let picture = PanelPicture().draw(canvas, colours: colours)
      return (PNGEncoder.encode(picture), picture.width, picture.height)
    }
    let bitmap = PanelPicture().draw(canvas)
    return (PNGEncoder.encode(bitmap), bitmap.width, bitmap.height)
  }

  /// The panel's LEDs showing frame `frame` of `picture`, fitted whole as a picture page's.
  private func canvas(of picture: Picture, frame: Int) -> PixelCanvas {
    let geometry = board.geometry
    var canvas = PixelCanvas(
      width: geometry.canvasWidth, height: geometry.canvasHeight, depth: board.depth)
    PictureFit(width: geometry.canvasWidth, height: geometry.canvasHeight)
      .draw(picture, frame: frame, into: &canvas)
    return canvas
  }

  /// The panel's LEDs showing `frame` in the board's font.
  private func canvas(of frame: Frame) -> PixelCanvas {
    let geometry = board.geometry
    var canvas = PixelCanvas(
      width: geometry.canvasWidth, height: geometry.canvasHeight, depth: board.depth)
    grid.draw(frame, into: &canvas)
    return canvas
  }

  public func figures(of laid: LaidOutText) -> String {
    let geometry = board.geometry
    return "\(laid.characterCount) of \(laid.capacity) characters, \(laid.lineCount) of "
      + "\(grid.rows) rows: \(board.name), \(geometry.width)×\(geometry.height) LEDs in "
      + "\(grid.text.font.name)\n"
  }

  /// The heaviest frame's bus time beside the frame period, measured on the twin; a panel
  /// whose bus work does not leave a fifth of the period is refused.
  private func frameBusTime(file: String, summary: String) throws(PreviewFailure) -> String {
    let measured: TickBusTime
    do {
      measured = try TickBusTime.measure(pixels: board)
    } catch {
      throw PreviewFailure(summary + "could not measure its bus time on its twin: \(error)")
    }
    let line =
      "  bus time per frame: at most \(measured.worstMicroseconds) µs of its "
      + "\(measured.tickMicroseconds) µs frame (\(measured.percent) %), measured on its twin\n"
    if !measured.fits, let colour = board.chips.colour {
      // A chain sends every LED every frame: the fix is fewer LEDs or a faster clock.
      let leds = colour.layout.ledCount
      let most = leds * measured.tickMicroseconds * 4 / 5 / max(1, measured.worstMicroseconds)
      let faster =
        board.chips.kind == .apa102
        ? "raise chips.spi_speed_hz" : "APA102 LEDs, whose clock can be faster"
      throw PreviewFailure(
        summary + line
          + "\(file): a frame of \(leds) LEDs takes \(measured.percent) % of the frame period "
          + "on the wire; it must leave a fifth of it (docs/boards.md, \"Bus time\"): about "
          + "\(most) LEDs fit; use a shorter chain, or \(faster)\n")
    }
    guard measured.fits else {
      throw PreviewFailure(
        summary + line
          + "\(file): a frame's bus work takes up to \(measured.percent) % of the frame period; it "
          + "must leave a fifth of it (docs/boards.md, \"Bus time\"): raise the bus clock "
          + "(chips.clock_hz, with the dtparam line) or use fewer chips on the bus\n")
    }
    return line
  }

  public func check(file: String, simulate: Bool) throws(PreviewFailure) -> String {
    let geometry = board.geometry
    var out = "\(file): valid pixel board '\(board.name)'\n"
    out += "  \(geometry.width)×\(geometry.height) LEDs (\(board.depth.rawValue))"
    if geometry.rotation != .none { out += ", turned \(geometry.rotation.degrees)°" }
    out += "; font \(grid.text.font.name): \(grid.rows)×\(grid.cols) characters\n"
    let chips = board.chips
    if let colour = chips.colour {
      out += ColourPanelFacts.lines(board, colour: colour)
    } else {
      out += "  chips: \(chips.count) × \(chips.kind.rawValue) on \(chips.device)\n"
    }
    out += "  brightness \(board.brightness)/15, transition \(board.transition.rawValue)\n"
    if let power = board.power {
      let leds = board.geometry.width * board.geometry.height
      out += "  power: a \(PowerSupply.amperes(power.supplyMilliamps)) supply, "
      out += "\(Double(power.ledMicroamps) / 1000) mA a lit LED at full brightness: at most "
      out += "brightness \(board.maxBrightness) (every LED lit: "
      out += "\(PowerSupply.amperes(power.milliamps(leds: leds, level: board.maxBrightness))))\n"
    }
    if board.simulatedOnly { out += "  simulation only\n" }
    out += try frameBusTime(file: file, summary: out)
    guard simulate else { return out }
    let twin: SimulatedPixelBoard
    do {
      twin = try SimulatedPixelBoard(board: board)
    } catch {
      throw PreviewFailure("\(error)")
    }
    twin.panel.start(brightness: board.brightness)
    // A test picture: every cell lit with a letter of CLACK in turn (on a colour panel,
    // letters and colour tiles by turns).
    var frame = Frame(rows: grid.rows, cols: grid.cols)
    let letters = Array("CLACK")
    for row in 0..<grid.rows {
      for col in 0..<grid.cols {
        let index = row * grid.cols + col
        frame[row, col] =
          chips.colour == nil ? .glyph(letters[index % 5]) : ColourPanelFacts.testSymbol(at: index)
      }
    }
    var picture = PixelCanvas(
      width: geometry.canvasWidth, height: geometry.canvasHeight, depth: board.depth)
    grid.draw(frame, into: &picture)
    twin.panel.show(picture)
    let seen = twin.seen()
    let palette = chips.colour?.palette
    let wrong = picture.pixels.indices.count {
      // A colour panel's pixels must show their colours; the others', be lit or dark.
      if let palette { return palette[picture.pixels[$0]] != palette[seen.pixels[$0]] }
      return (picture.pixels[$0] > 0) != (seen.pixels[$0] > 0)
    }
    let faults = twin.panel.faultLines
    if palette != nil {
      out += "simulated twin: \(faults.isEmpty ? "the display took" : "the display refused") "
      out += "the test picture; its LEDs read back with \(wrong) of \(picture.pixels.count) "
      out += "pixels in the wrong colour\n"
    } else {
      out += "simulated twin: \(chips.count - faults.count) of \(chips.count) chips answered; "
      out += "the test picture reads back with \(wrong) of \(picture.pixels.count) pixels wrong\n"
    }
    for fault in faults { out += "  \(fault)\n" }
    if !faults.isEmpty {
      throw PreviewFailure(out + "the simulated panel has \(faults.count) faulty chips")
    }
    if palette != nil, wrong > 0, !seen.pixels.contains(where: { $0 > 0 }) {
      // A chain cannot answer: all the Pi can tell is that nothing lit.
      throw PreviewFailure(
        out + "the simulated panel does not show the picture: not one LED lit: check the data "
          + "line, its level shifter and the LEDs' supply (docs/leds.md, \"Wiring colour chains\")")
    }
    if wrong > 0 { throw PreviewFailure(out + "the simulated panel does not show the picture") }
    return out
  }
}
