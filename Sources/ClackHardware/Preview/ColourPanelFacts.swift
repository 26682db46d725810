import ClackBoard
import ClackCore
import ClackDrivers

/// What `clack board check` says about a colour panel: how it is reached, and what its
/// supply allows.
enum ColourPanelFacts {
  static func lines(_ board: PixelBoardDefinition, colour: ColourWiring) -> String {
    let chips = board.chips
    let leds = colour.layout.ledCount
    let inkText = colour.ink.hex
    guard chips.kind != .flaschenTaschen else {
      let offset = colour.offset
      return "  a FlaschenTaschen server at \(chips.device): the picture at (\(offset.x), "
        + "\(offset.y)) on layer \(offset.layer), one UDP datagram a frame; ink \(inkText)\n"
    }
    let speed = Double(colour.spiSpeedHz) / 1_000_000
    var out = "  a chain of \(leds) \(chips.kind.rawValue) LEDs on \(chips.device) at \(speed) MHz"
    out += " through \(colour.layout.panels.count) panel"
    out += colour.layout.panels.count == 1 ? "" : "s"
    out += "; ink \(inkText)\n"
    if let budget = colour.budget {
      let channels = chips.kind == .sk6812RGBW ? 4 : 3
      // Every LED full white: on an RGBW chain that is the white LED alone (the colours'
      // shared white moves to it).
      let lit = chips.kind == .sk6812RGBW ? 1 : channels
      let white = Double(leds) * (Double(lit) * budget.channelMilliamps + budget.idleMilliamps)
      out += "  power: \(PowerSupply.amperes(budget.supplyMilliamps)) for the LEDs; every LED "
      out += "full white would draw \(PowerSupply.amperes(Int(white.rounded())))"
      out +=
        white > Double(budget.supplyMilliamps)
        ? ", so such a frame is dimmed to \(Int(Double(budget.supplyMilliamps) / white * 100)) %\n"
        : ", within it\n"
    } else {
      out += "  power: no supply given (power.supply_amps): frames are never dimmed to fit one\n"
    }
    return out
  }

  /// The test picture's cells: on a colour panel, letters and colour tiles by turns, so the
  /// read-back checks colours too.
  static func testSymbol(at index: Int) -> Symbol {
    let letters = Array("CLACK")
    let tiles: [ColorTile] = [.red, .orange, .yellow, .green, .blue, .violet, .white]
    return index % 2 == 0
      ? .glyph(letters[index / 2 % letters.count]) : .tile(tiles[index / 2 % tiles.count])
  }
}
