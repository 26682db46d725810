import ClackCore
import Foundation

// The board commands' bodies and answers, and the board's settings.

/// `POST /api/v1/board/home`: 202 and `{"homing": true}`.
public struct HomingStarted: Codable, Sendable, Hashable {
  public var homing = true

  public init() {}
}

/// What `GET` and `PUT /api/v1/board/brightness` answer on a pixel board.
public struct BrightnessView: Codable, Sendable, Hashable {
  /// The level the LEDs show now, 0–15.
  public var brightness: Int
  /// The level a person set (or the board file's), kept across restarts.
  public var setting: Int
  /// The board file's night hours and level, if it has them.
  public var night: Night?

  public struct Night: Codable, Sendable, Hashable {
    public var from: String
    public var to: String
    public var brightness: Int

    public init(from: String, to: String, brightness: Int) {
      self.from = from
      self.to = to
      self.brightness = brightness
    }
  }

  public init(brightness: Int, setting: Int, night: Night?) {
    self.brightness = brightness
    self.setting = setting
    self.night = night
  }

  /// Reads `{"brightness": N}`: N a whole number from 0 to 15.
  public static func level(from body: JSONValue?) throws(APIError) -> Int {
    guard case .object(let fields) = body else {
      throw .badRequest("body", "send a JSON object such as {\"brightness\": 8}")
    }
    guard case .int(let level) = fields["brightness"], (0...15).contains(level) else {
      throw .badRequest("brightness", "must be a whole number from 0 to 15")
    }
    return level
  }
}

/// What `GET` and `PUT /api/v1/board/script` answer: the script of text that names none.
public struct ScriptView: Codable, Sendable, Hashable {
  /// `latin`, `elder`, `younger`, `younger-short-twig`, `cirth` or `cirth-moria`.
  public var script: RunicScript
  /// The scripts this board can show (its flaps or font have every sign).
  public var available: [RunicScript]

  public init(script: RunicScript, available: [RunicScript]) {
    self.script = script
    self.available = available
  }

  /// Reads `{"script": NAME}`.
  public static func script(from body: JSONValue?) throws(APIError) -> RunicScript {
    guard case .object(let fields) = body else {
      throw .badRequest("body", "send a JSON object such as {\"script\": \"elder\"}")
    }
    guard case .string(let name) = fields["script"], let script = RunicScript(rawValue: name)
    else {
      throw .badRequest("script", "must be one of: \(RunicScript.names)")
    }
    return script
  }
}

/// What `GET /api/v1/board/glyphs` answers: bitmaps of the board's symbols that have no
/// Vestaboard code (runes, Cirth), so a viewer draws them without a font of its own.
public struct GlyphsView: Codable, Sendable, Hashable {
  /// Where the bitmaps come from: the board's font, or the system's GNU Unifont.
  public var font: String?
  /// By symbol.
  public var glyphs: [String: GlyphBitmap]
  /// Symbols the font lacks, with the reason (a viewer shows them as text).
  public var missing: [String]
  public var reason: String?

  public init(font: String?, glyphs: [String: GlyphBitmap], missing: [String], reason: String?) {
    self.font = font
    self.glyphs = glyphs
    self.missing = missing
    self.reason = reason
  }
}

/// One glyph: each row as hexadecimal, the leftmost pixel the top bit of the first byte
/// (rows padded to whole bytes, as in BDF).
public struct GlyphBitmap: Codable, Sendable, Hashable {
  public var width: Int
  public var height: Int
  public var rows: [String]

  public init(width: Int, height: Int, rows: [String]) {
    self.width = width
    self.height = height
    self.rows = rows
  }
}

/// `PUT /api/v1/board/quiet`'s body and answer: whether the board is held still. Set, it
/// lasts until the configured quiet hours next begin or end.
public struct QuietView: Codable, Sendable, Hashable {
  public var quiet: Bool

  public init(quiet: Bool) { self.quiet = quiet }

  /// Reads `{"quiet": true|false}`.
  public static func quiet(from body: JSONValue?) throws(APIError) -> Bool {
    guard case .object(let fields) = body else {
      throw .badRequest("body", "send a JSON object such as {\"quiet\": true}")
    }
    guard case .bool(let quiet) = fields["quiet"] else {
      throw .badRequest("quiet", "must be true (hold the board still) or false (let it move)")
    }
    return quiet
  }
}
