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

  /// `colours`: a colour panel's palette, by which a palette canvas's LEDs are coloured (each
  /// at full lightness); without it, levels of the LED colour.
  public func draw(_ canvas: PixelCanvas, colours: ColourPalette? = nil) -> IndexedBitmap {
    let border = pitch
    var bitmap = IndexedBitmap(
      width: canvas.width * pitch + 2 * border, height: canvas.height * pitch + 2 * border,
      palette: colours.map(Self.palette(of:)) ?? palette)
    let radius = Double(pitch) * 0.38
    for y in 0..<canvas.height {
      for x in 0..<canvas.width {
        let value = canvas[x, y]
        let level =
          if colours != nil { Int(value) } else {
            value == 0 ? 0 : max(1, Int(value) * Self.levels / 255)
          }
        let dot: UInt8 = level == 0 ? 1 : UInt8(2 * level)
        let glow: UInt8? = level == 0 ? nil : UInt8(2 * level + 1)
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
              bitmap[px, py] = dot
            } else if let glow, distance <= radius + Double(pitch) * 0.12 {
              bitmap[px, py] = glow
            }
          }
        }
      }
    }
    return bitmap
  }

  private func scaled(_ share: Double) -> RGB { Self.scaled(color, share) }

  private static func scaled(_ color: RGB, _ share: Double) -> RGB {
    RGB(
      UInt8(Double(color.red) * share), UInt8(Double(color.green) * share),
      UInt8(Double(color.blue) * share))
  }

  /// A colour panel's bitmap palette: background, a dark LED, then each palette colour's dot
  /// and glow (so palette index i draws as 2i and 2i + 1).
  private static func palette(of colours: ColourPalette) -> [RGB] {
    var palette = [RGB(0, 0, 0), RGB(0x1E, 0x1E, 0x1E)]
    for colour in colours.colours.dropFirst() {
      palette.append(colour)
      palette.append(scaled(colour, 0.35))
    }
    return palette
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
