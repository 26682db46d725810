import ClackAPI
import ClackCore
import ClackRuntime
import Foundation

/// The retained JSON on `…/state`: what the board shows (as text and as codes), the queue,
/// faults and quiet. Home Assistant's entities read their values out of it.
public enum MQTTBoardState {
  public static func json(view: BoardView, queueDepth: Int, faults: [String]) -> JSONValue {
    let rows = (view.codes ?? []).map(text(ofRow:))
    return .object([
      "text": .string(
        rows.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(
          separator: " ")),
      "rows": .array(rows.map(JSONValue.string)),
      "codes": JSONValue.codes(view.codes),
      "queue_depth": .int(queueDepth),
      "faults": .array(faults.map(JSONValue.string)),
      "quiet": .bool(view.quiet),
      "homed": .bool(view.homed),
      "moving": .int(view.moving),
    ])
  }

  /// A row of Vestaboard codes as text: characters as themselves, tiles as `{red}`, unknown
  /// codes as `?`.
  static func text(ofRow codes: [Int]) -> String {
    codes.map { VestaboardCode.symbol(for: $0)?.notation ?? "?" }.joined()
  }
}
