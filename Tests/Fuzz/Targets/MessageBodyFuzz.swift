import ClackAPI
import ClackContent
import ClackCore
import Foundation

extension FuzzTarget {
  /// `POST /api/v1/messages`: the body read field by field, then laid out on a 6×22 board as
  /// the accept service lays it out before it stores the message.
  static let message = FuzzTarget(
    name: "message", reads: "a REST message body (JSON), laid out on a 6×22 board"
  ) { bytes in
    guard
      let message = try? MessageRequest.parse(
        JSONValue.parse(bytes), defaultSender: "fuzz", now: fixedNow)
    else { return false }
    return layOut(message.body)
  }

  /// `POST /local-api/message`: the Vestaboard Local API's body, laid out the same way.
  static let localAPI = FuzzTarget(
    name: "local-api", reads: "a Vestaboard Local API message body (JSON), laid out on 6×22"
  ) { bytes in
    guard let message = try? LocalAPIRequest.parse(JSONValue.parse(bytes)) else { return false }
    return layOut(message.body)
  }

  /// `PUT /api/v1/run-of-show`: each entry read as the config reads one.
  static let runOfShow = FuzzTarget(
    name: "run-of-show", reads: "a run of show as `PUT /api/v1/run-of-show` takes it (JSON)"
  ) { bytes in
    guard let items = try? RunOfShowRequest.parse(JSONValue.parse(bytes)) else { return false }
    expect(items.count <= RunOfShowRequest.maxEntries, "more entries than a run of show takes")
    return true
  }

  /// A moment that does not move, so a run replays exactly.
  static let fixedNow = Date(timeIntervalSince1970: 1_795_651_200)  // 2026-11-26

  /// The whole board as the zone every message goes to unless it names another.
  static let mainZone = ZoneSpec(name: "main", row: 0, col: 0, rows: 6, cols: 22)

  /// Lays a message's body out as the accept service does: a frame of the zone's size with
  /// every cell one of the board's flaps, or an error in words.
  static func layOut(_ body: MessageBody) -> Bool {
    let renderer = ZoneRenderer(flapSet: .vestaboard, timeZone: TimeZone(identifier: "UTC")!)
    do {
      let frame = try renderer.frame(for: body, in: mainZone)
      expect(frame.rows == mainZone.rows && frame.cols == mainZone.cols, "a frame of another size")
      expect(frame.cells.allSatisfy(FlapSet.vestaboard.contains), "a cell not on the flaps")
      return true
    } catch {
      expect(!"\(error)".isEmpty, "a layout error without words")
      return false
    }
  }
}
