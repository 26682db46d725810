import ClackContent
import ClackCore
import Foundation

/// A setting a person changes at run time that outlives a restart, with its type: the store
/// keeps text, and only this reads and writes it, so a value is typed from the API to the row.
public struct BoardSetting<Value: Sendable>: Sendable {
  /// The row's name in the board-state table (`setting.<name>`).
  public let name: String
  let encode: @Sendable (Value) -> String
  /// nil when the text is not a value of this setting (a newer version wrote it, or a hand).
  let decode: @Sendable (String) -> Value?
  /// What the values are, for the error about one that is not.
  let expected: String
}

extension BoardSetting where Value == RunicScript {
  /// The script of text that names none (docs/runes.md).
  public static let script = BoardSetting(
    name: "script", encode: \.rawValue, decode: RunicScript.init(rawValue:),
    expected: "one of: \(RunicScript.names)")
}

extension BoardSetting where Value == Int {
  /// A pixel board's brightness, 0–15.
  public static let brightness = BoardSetting(
    name: "brightness", encode: String.init,
    decode: { text in Int(text).flatMap { (0...15).contains($0) ? $0 : nil } },
    expected: "a whole number from 0 to 15")
}

extension BoardSetting where Value == [RunOfShowItem] {
  /// The run of show set at run time (`PUT /api/v1/run-of-show`), in place of the config's,
  /// kept as written (pages by name) in JSON.
  public static let runOfShow = BoardSetting(
    name: "run_of_show",
    encode: { items in
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      // Encoding plain strings, numbers and booleans cannot fail.
      return (try? encoder.encode(items)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    },
    decode: { text in try? JSONDecoder().decode([RunOfShowItem].self, from: Data(text.utf8)) },
    expected: "a run of show in JSON")
}

extension BoardSetting where Value == SavedCalibration {
  /// Offsets found by calibration (docs/calibration.md), laid over the board file's at start.
  public static let calibration = BoardSetting(
    name: "calibration",
    encode: { saved in
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return (try? encoder.encode(saved)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    },
    decode: { text in try? JSONDecoder().decode(SavedCalibration.self, from: Data(text.utf8)) },
    expected: "a calibration in JSON ({board, steps_per_revolution, offsets})")
}

extension ClackStore {
  /// Forgets the value kept for `setting`: the configured one applies again.
  public func forget<Value>(_ setting: BoardSetting<Value>) throws(StoreError) {
    try deleteSetting(setting.name)
  }

  /// Keeps `value` for `setting` from now on.
  public func save<Value>(_ setting: BoardSetting<Value>, _ value: Value, at date: Date)
    throws(StoreError)
  {
    try saveSetting(setting.name, value: setting.encode(value), at: date)
  }

  /// The value kept for `setting`, or nil when none was set; `invalid` naming the setting and
  /// the text when what is kept is not one of its values.
  public func value<Value>(of setting: BoardSetting<Value>) throws(StoreError) -> Value? {
    guard let text = try self.setting(setting.name) else { return nil }
    guard let value = setting.decode(text) else {
      throw .invalid(
        field: "setting.\(setting.name)", message: "'\(text)' is not \(setting.expected)")
    }
    return value
  }
}

extension BoardSetting where Value == WallFrameStamp {
  /// The last frame of its wall a member showed (docs/walls.md), as `term.sequence`: a frame
  /// the broker sends again after a restart is then not shown twice.
  public static let wallFrame = BoardSetting(
    name: "wall_frame", encode: { "\($0.term).\($0.sequence)" },
    decode: { text in
      let parts = text.split(separator: ".")
      guard parts.count == 2, let term = Int(parts[0]), let sequence = Int(parts[1]),
        term >= 0, sequence >= 0
      else { return nil }
      return WallFrameStamp(term: term, sequence: sequence)
    },
    expected: "a frame's term and number, such as 1764290000000.12")
}
