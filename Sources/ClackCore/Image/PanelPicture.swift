/// Draws an LED panel as it looks: each LED a round dot in its own cell, lit ones in the LED
/// colour at their brightness with a faint glow around them, dark ones a dim dot, on black.
public struct PanelPicture: Sendable {
  /// Image pixels per LED (the dot's cell).
  public var pitch: Int
  public var color: RGB

  public init(pitch: Int = 10, color: RGB = RGB(0xFF, 0x3B, 0x1F)) {
    precondition(pitch >= 3, "an LED needs at least 3 pixels")
    self.pitch = pitch
    self.color = color
  }

  /// Brightness steps drawn: 15 levels of lit (plus glow), so the palette stays small.
  static let levels = 15

  /// Palette: 0 background, 1 a dark LED, then for each level its dot and its glow.
  var palette: [RGB] {
    var colors = [RGB(0, 0, 0), scaled(0.12)]
    for level in 1...Self.levels {
      let share = 0.25 + 0.75 * Double(level) / Double(Self.levels)
      colors.append(scaled(share))
      colors.append(scaled(share * 0.35))
    }
    return colors
  }

  public func draw(_ canvas: PixelCanvas) -> IndexedBitmap {
    var bitmap = IndexedBitmap(
      width: canvas.width * pitch + 2 * pitch, height: canvas.height * pitch + 2 * pitch,
      palette: palette)
    paintLEDs(of: canvas) { px, py, value, isGlow in
      let level = value == 0 ? 0 : max(1, Int(value) * Self.levels / 255)
      if level == 0 {
        if !isGlow { bitmap[px, py] = 1 }
      } else {
        bitmap[px, py] = UInt8(2 * level + (isGlow ? 1 : 0))
      }
    }
    return bitmap
  }

  /// A colour panel's palette canvas, each LED in its colour (at full lightness) with a glow
  /// of it, dark ones dim grey: in true colour, as a palette's cube has more colours than an
  /// indexed bitmap holds.
  public func draw(_ canvas: PixelCanvas, colours: ColourPalette) -> ColourCanvas {
    var picture = ColourCanvas(
      width: canvas.width * pitch + 2 * pitch, height: canvas.height * pitch + 2 * pitch)
    paintLEDs(of: canvas) { px, py, value, isGlow in
      if value == 0 {
        if !isGlow { picture[px, py] = RGB(0x1E, 0x1E, 0x1E) }
      } else {
        let colour = colours[value]
        picture[px, py] = isGlow ? Self.scaled(colour, 0.35) : colour
      }
    }
    return picture
  }

  /// Calls `paint` for each image pixel of each LED's round dot (`isGlow` false) and of the
  /// faint ring around it (true), with the LED's value; the border and gaps stay as they are.
  private func paintLEDs(
    of canvas: PixelCanvas, _ paint: (_ x: Int, _ y: Int, _ value: UInt8, _ isGlow: Bool) -> Void
  ) {
    let border = pitch
    let radius = Double(pitch) * 0.38
    for y in 0..<canvas.height {
      for x in 0..<canvas.width {
        let value = canvas[x, y]
        let centre = (
          Double(border + x * pitch) + Double(pitch) / 2,
          Double(border + y * pitch) + Double(pitch) / 2
        )
        for py in border + y * pitch..<border + (y + 1) * pitch {
          for px in border + x * pitch..<border + (x + 1) * pitch {
            let dx = Double(px) + 0.5 - centre.0
            let dy = Double(py) + 0.5 - centre.1
            let distance = (dx * dx + dy * dy).squareRoot()
            if distance <= radius {
              paint(px, py, value, false)
            } else if distance <= radius + Double(pitch) * 0.12 {
              paint(px, py, value, true)
            }
          }
        }
      }
    }
  }

  private func scaled(_ share: Double) -> RGB { Self.scaled(color, share) }

  private static func scaled(_ color: RGB, _ share: Double) -> RGB {
    RGB(
      UInt8(Double(color.red) * share), UInt8(Double(color.green) * share),
      UInt8(Double(color.blue) * share))
  }
}

extension ColourPalette {
  /// A palette canvas in its colours.
  public func coloured(_ canvas: PixelCanvas) -> ColourCanvas {
    var picture = ColourCanvas(width: canvas.width, height: canvas.height)
    colour(canvas, into: &picture)
    return picture
  }
}

/// An LED canvas as terminal text: each character shows two rows of pixels with half blocks
/// (▀ top lit, ▄ bottom lit, █ both), so a 32×8 panel is 32 columns by 4 lines.
public enum HalfBlockPicture {
  public static func render(_ canvas: PixelCanvas) -> String {
    var lines: [String] = []
    for y in stride(from: 0, to: canvas.height, by: 2) {
      var line = ""
      for x in 0..<canvas.width {
        switch (canvas.isLit(x: x, y: y), canvas.isLit(x: x, y: y + 1)) {
        case (true, true): line += "█"
        case (true, false): line += "▀"
        case (false, true): line += "▄"
        case (false, false): line += "·"
        }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension HalfBlockPicture {
  /// A colour canvas in a terminal of 24-bit colour: each character is "▀" with the upper
  /// pixel as its colour and the lower one as its background, so every pixel keeps its own
  /// colour; each line resets the colours at its end.
  public static func render(_ canvas: ColourCanvas) -> String {
    var lines: [String] = []
    for y in stride(from: 0, to: canvas.height, by: 2) {
      var line = ""
      for x in 0..<canvas.width {
        let top = canvas[x, y]
        let bottom = y + 1 < canvas.height ? canvas[x, y + 1] : RGB(0, 0, 0)
        line += "\u{1B}[38;2;\(top.red);\(top.green);\(top.blue)m"
        line += "\u{1B}[48;2;\(bottom.red);\(bottom.green);\(bottom.blue)m▀"
      }
      lines.append(line + "\u{1B}[0m")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
