import ClackCore
import Foundation
import Testing

@testable import ClackAPI

/// A wall's frame goes through the broker as JSON and comes back the same; a frame that is
/// not right for the member's wall is refused naming the field.
@Suite struct WallFrameWireTests {
  static let layout = try! WallLayout(tiles: [  // safe: a valid wall
    WallTile(name: "left", member: "a", row: 0, col: 0, rows: 2, cols: 4),
    WallTile(name: "right", member: "b", row: 0, col: 4, rows: 2, cols: 4),
  ])

  static func frame() -> WallFrame {
    var canvas = Frame(rows: 2, cols: 8)
    for (col, character) in "HI {".enumerated() { canvas[0, col] = .character(character) }
    canvas[1, 5] = .tile(.red)
    let screen = Screen(frame: canvas)
    var parts = layout.parts(of: screen)
    parts["right"]?.scrolling = [1: Array("LONGER").map(Symbol.character)]
    return WallFrame(
      wall: "lobby", leader: "a", stamp: WallFrameStamp(term: 2, sequence: 17),
      landAt: Date(timeIntervalSince1970: 1_800_000_000.123456),
      sentAt: Date(timeIntervalSince1970: 1_799_999_998.5),
      transition: Transition(.random, stepSize: 3, stepIntervalMilliseconds: 80, seed: .max),
      parts: parts)
  }

  @Test func aFrameComesBackAsItWasSent() throws {
    let sent = Self.frame()
    let read = try WallFrameWire.frame(WallFrameWire.data(sent), layout: Self.layout)
    #expect(read.parts == sent.parts)
    #expect(read.stamp == sent.stamp && read.transition == sent.transition)
    #expect(read.wall == "lobby" && read.leader == "a")
    // To the microsecond.
    #expect(abs(read.landAt.timeIntervalSince(sent.landAt)) < 1e-6)
    #expect(read.parts["left"]?.frame[0, 3] == .glyph("{"))
  }

  /// The frame's JSON with one change made to it.
  static func edited(_ edit: (inout [String: JSONValue]) -> Void) -> Data {
    guard case .object(var object) = WallFrameWire.json(frame()) else { return Data() }
    edit(&object)
    return WireJSON.encode(JSONValue.object(object))
  }

  static func tiles(_ object: [String: JSONValue]) -> [String: JSONValue] {
    if case .object(let tiles)? = object["tiles"] { return tiles }
    return [:]
  }

  @Test func mistakesAreNamedByField() {
    let cases: [(Data, WallWireError)] = [
      (Data("[1]".utf8), WallWireError(field: "", message: "not a JSON object")),
      (
        Self.edited { $0["seq"] = .int(-1) },
        WallWireError(field: "seq", message: "must be a whole number from 0 to \(Int.max)")
      ),
      (Self.edited { $0["leader"] = nil }, WallWireError(field: "leader", message: "is missing")),
      (
        Self.edited {
          $0["tiles"] = .object(Self.tiles($0).merging(["far": .object([:])]) { a, _ in a })
        },
        WallWireError(field: "tiles.far", message: "no tile of this wall is named so")
      ),
      (
        Self.edited {
          var tiles = Self.tiles($0)
          tiles["right"] = nil
          $0["tiles"] = .object(tiles)
        },
        WallWireError(field: "tiles.right", message: "is missing")
      ),
      (
        Self.edited {
          var tiles = Self.tiles($0)
          tiles["left"] = .object(["cells": .array([.array([.string("AB")])])])
          $0["tiles"] = .object(tiles)
        },
        WallWireError(field: "tiles.left.cells", message: "has 1 rows; the tile has 2")
      ),
      (
        Self.edited {
          var tiles = Self.tiles($0)
          let row = JSONValue.array([
            .string("A"), .string("{nothing}"), .string(" "), .string(" "),
          ])
          tiles["left"] = .object(["cells": .array([row, row])])
          $0["tiles"] = .object(tiles)
        },
        WallWireError(
          field: "tiles.left.cells[0][1]",
          message: "must be one symbol: a character, a space or {tile}")
      ),
      (
        Self.edited {
          $0["transition"] = .object(["kind": .string("sideways")])
        },
        WallWireError(
          field: "transition.kind",
          message: "'sideways' is not one of: "
            + Transition.Kind.allCases.map(\.rawValue).joined(separator: ", "))
      ),
    ]
    for (data, expected) in cases {
      #expect(throws: expected) { try WallFrameWire.frame(data, layout: Self.layout) }
    }
  }
}

extension WallFrameWireTests {
  /// A tile's picture goes by its fingerprint, and comes back as the member's own copy of
  /// the picture page's picture; one the member has not is refused naming the tile.
  @Test func aTilesPictureGoesByItsFingerprint() throws {
    let picture = Picture(
      width: 2, height: 1, frames: [.init(rgba: [255, 0, 0, 255, 0, 0, 255, 255], milliseconds: 0)]
    )
    var sent = Self.frame()
    sent.parts["right"]?.picture = picture
    let data = WallFrameWire.data(sent)
    #expect(String(decoding: data, as: UTF8.self).contains(picture.fingerprint))
    let read = try WallFrameWire.frame(
      data, layout: Self.layout, pictures: [picture.fingerprint: picture])
    #expect(read.parts == sent.parts)
    #expect(read.parts["right"]?.picture == picture && read.parts["left"]?.picture == nil)
    #expect(
      throws: WallWireError(
        field: "tiles.right.picture",
        message:
          "'\(picture.fingerprint)' is none of this member's picture pages: give every member "
          + "the same pages and picture files")
    ) { try WallFrameWire.frame(data, layout: Self.layout) }
  }
}
