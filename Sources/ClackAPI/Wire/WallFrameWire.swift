import ClackCore
import Foundation

/// A wall's frame as its leader publishes it (docs/walls.md):
///
///     {"wall": "lobby", "leader": "left", "term": 3, "seq": 41,
///      "land_at_us": 1800000000123456, "sent_at_us": 1800000000000000,
///      "transition": {"kind": "column", "step_size": 1, "step_interval_ms": 50, "seed": 0,
///                     "full_rotation": false},
///      "tiles": {"left": {"cells": [["H", "I", " ", "{red}", …], …],
///                         "scrolling": {"5": ["A", " ", "L", …]}}, …}}
///
/// A tile showing a picture page has `"picture": "<fingerprint>"` too: every member reads
/// the same picture files, so the picture goes by its fingerprint, not its pixels.
///
/// Instants are microseconds since 1970 (a landing is aimed to the millisecond, finer than
/// ISO 8601's seconds). Each cell is one symbol's notation, so a `{` on a flap never reads
/// as the start of a tile's name. The frame comes from the broker, so it is read as any
/// untrusted input: each mistake names its field.
public enum WallFrameWire {
  public static func json(_ frame: WallFrame) -> JSONValue {
    let transition = frame.transition
    return .object([
      "wall": .string(frame.wall), "leader": .string(frame.leader),
      "term": .int(frame.stamp.term), "seq": .int(frame.stamp.sequence),
      "land_at_us": .int(microseconds(frame.landAt)),
      "sent_at_us": .int(microseconds(frame.sentAt)),
      "transition": .object([
        "kind": .string(transition.kind.rawValue), "step_size": .int(transition.stepSize),
        "step_interval_ms": .int(transition.stepIntervalMilliseconds),
        // A seed is 64 bits; JSON's numbers are not all read as exactly, so it goes as text.
        "seed": .string(String(transition.seed)), "full_rotation": .bool(transition.fullRotation),
      ]),
      "tiles": .object(frame.parts.mapValues(tileJSON)),
    ])
  }

  public static func data(_ frame: WallFrame) -> Data { WireJSON.encode(json(frame)) }

  private static func tileJSON(_ screen: Screen) -> JSONValue {
    let cells = (0..<screen.frame.rows).map { row in
      JSONValue.array(screen.frame.row(row).map { .string($0.notation) })
    }
    var tile: [String: JSONValue] = ["cells": .array(cells)]
    if let picture = screen.picture { tile["picture"] = .string(picture.fingerprint) }
    if !screen.scrolling.isEmpty {
      tile["scrolling"] = .object(
        Dictionary(
          uniqueKeysWithValues: screen.scrolling.map { row, line in
            (String(row), JSONValue.array(line.map { .string($0.notation) }))
          }))
    }
    return .object(tile)
  }

  static func microseconds(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 * 1e6).rounded())
  }

  /// Reads a frame published for `layout`'s wall: every tile of the wall present with its
  /// size, no other tile, the symbols known, and a picture one of `pictures` (this member's
  /// picture pages' pictures, by fingerprint).
  public static func frame(
    _ data: Data, layout: WallLayout, pictures: [String: Picture] = [:]
  ) throws(WallWireError) -> WallFrame {
    guard case .object(let object)? = JSONValue.parse(data) else {
      throw WallWireError(field: "", message: "not a JSON object")
    }
    let reader = WallFieldReader(object: object, path: "")
    let stamp = WallFrameStamp(
      term: try reader.int("term", in: 0...Int.max),
      sequence: try reader.int("seq", in: 0...Int.max))
    let frame = WallFrame(
      wall: try reader.string("wall"), leader: try reader.string("leader"), stamp: stamp,
      landAt: try reader.instant("land_at_us"), sentAt: try reader.instant("sent_at_us"),
      transition: try transition(reader.object("transition")),
      parts: try parts(reader.object("tiles"), layout: layout, pictures: pictures))
    return frame
  }

  private static func transition(_ reader: WallFieldReader) throws(WallWireError) -> Transition {
    let name = try reader.string("kind")
    guard let kind = Transition.Kind(rawValue: name) else {
      throw reader.error(
        "kind",
        "'\(name)' is not one of: "
          + Transition.Kind.allCases.map(\.rawValue).joined(separator: ", "))
    }
    let seedText = try reader.string("seed")
    guard let seed = UInt64(seedText) else {
      throw reader.error("seed", "must be a whole number from 0 to 2^64 − 1, written as text")
    }
    return Transition(
      kind, stepSize: try reader.int("step_size", in: 1...1000),
      stepIntervalMilliseconds: try reader.int("step_interval_ms", in: 0...60_000), seed: seed,
      fullRotation: try reader.bool("full_rotation"))
  }

  private static func parts(
    _ reader: WallFieldReader, layout: WallLayout, pictures: [String: Picture]
  ) throws(WallWireError) -> [String: Screen] {
    if let unknown = reader.object.keys.sorted().first(where: { layout.tile(named: $0) == nil }) {
      throw reader.error(unknown, "no tile of this wall is named so")
    }
    var parts: [String: Screen] = [:]
    for tile in layout.tiles {
      let part = try reader.object(tile.name)
      var screen = try screen(part, rows: tile.rows, cols: tile.cols)
      if part.object["picture"] != nil {
        let fingerprint = try part.string("picture")
        guard let picture = pictures[fingerprint] else {
          throw part.error(
            "picture",
            "'\(fingerprint)' is none of this member's picture pages: give every member the "
              + "same pages and picture files")
        }
        screen.picture = picture
      }
      parts[tile.name] = screen
    }
    return parts
  }

  private static func screen(_ reader: WallFieldReader, rows: Int, cols: Int) throws(WallWireError)
    -> Screen
  {
    let lines = try reader.array("cells")
    guard lines.count == rows else {
      throw reader.error("cells", "has \(lines.count) rows; the tile has \(rows)")
    }
    var frame = Frame(rows: rows, cols: cols)
    for (row, line) in lines.enumerated() {
      let symbols = try symbols(line, field: reader.path("cells[\(row)]"))
      guard symbols.count == cols else {
        throw WallWireError(
          field: reader.path("cells[\(row)]"),
          message: "has \(symbols.count) cells; the tile has \(cols)")
      }
      for (col, symbol) in symbols.enumerated() { frame[row, col] = symbol }
    }
    var scrolling: [Int: [Symbol]] = [:]
    if reader.object["scrolling"] != nil {
      let lines = try reader.object("scrolling")
      for (key, line) in lines.object.sorted(by: { $0.key < $1.key }) {
        guard let row = Int(key), (0..<rows).contains(row) else {
          throw lines.error(key, "is not a row of the tile (0 to \(rows - 1))")
        }
        scrolling[row] = try symbols(line, field: lines.path(key))
      }
    }
    return Screen(frame: frame, scrolling: scrolling)
  }

  private static func symbols(_ value: JSONValue, field: String) throws(WallWireError) -> [Symbol] {
    guard case .array(let items) = value, items.count <= 4096 else {
      throw WallWireError(field: field, message: "must be a list of at most 4096 cells")
    }
    var symbols: [Symbol] = []
    for (index, item) in items.enumerated() {
      guard case .string(let notation) = item,
        let parsed = try? SymbolNotation.parseSymbols(notation), parsed.count == 1
      else {
        throw WallWireError(
          field: "\(field)[\(index)]", message: "must be one symbol: a character, a space or {tile}"
        )
      }
      symbols.append(parsed[0])
    }
    return symbols
  }
}

/// A wall frame that cannot be read: the field (a path such as `tiles.left.cells[2]`) and why.
public struct WallWireError: Error, Equatable, CustomStringConvertible {
  public let field: String
  public let message: String

  public var description: String { field.isEmpty ? message : "\(field): \(message)" }
}

/// Reads the fields of one object of a wall frame, each required, naming its path.
struct WallFieldReader {
  let object: [String: JSONValue]
  let path: String

  func path(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

  func error(_ name: String, _ message: String) -> WallWireError {
    WallWireError(field: path(name), message: message)
  }

  func value(_ name: String) throws(WallWireError) -> JSONValue {
    guard let value = object[name], value != .null else { throw error(name, "is missing") }
    return value
  }

  func string(_ name: String) throws(WallWireError) -> String {
    guard case .string(let text) = try value(name), !text.isEmpty, text.count <= 200 else {
      throw error(name, "must be text of 1 to 200 characters")
    }
    return text
  }

  func int(_ name: String, in range: ClosedRange<Int>) throws(WallWireError) -> Int {
    guard case .int(let number) = try value(name), range.contains(number) else {
      throw error(name, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  func bool(_ name: String) throws(WallWireError) -> Bool {
    guard case .bool(let flag) = try value(name) else { throw error(name, "must be true or false") }
    return flag
  }

  /// Microseconds since 1970, between 2000 and 2200.
  func instant(_ name: String) throws(WallWireError) -> Date {
    let microseconds = try int(name, in: 946_684_800_000_000...7_258_118_400_000_000)
    return Date(timeIntervalSince1970: Double(microseconds) / 1e6)
  }

  func object(_ name: String) throws(WallWireError) -> WallFieldReader {
    guard case .object(let fields) = try value(name) else { throw error(name, "must be an object") }
    return WallFieldReader(object: fields, path: path(name))
  }

  func array(_ name: String) throws(WallWireError) -> [JSONValue] {
    guard case .array(let items) = try value(name) else { throw error(name, "must be a list") }
    return items
  }
}
