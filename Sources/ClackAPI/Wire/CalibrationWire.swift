import ClackCore

/// What `GET` and `POST /api/v1/calibration` answer (docs/calibration.md).
public struct CalibrationView: Codable, Sendable, Hashable {
  /// True while a calibration is under way: the board shows its frames, content waits.
  public var active: Bool
  /// `home` (every module on its home flap) or `pattern` (the test pattern); absent when
  /// not calibrating.
  public var stage: String?
  /// What the board is asked to show, a row at a time (a space is the blank flap).
  public var showing: [String]?
  /// Each module's offset in use, in module order (steps from its home edge to flap 0).
  public var offsets: [Int]
  /// Modules the last round or nudge changed.
  public var changed: [Int]
  public var rounds: Int
  public var stepsPerFlap: Double
  /// False on a board Clack cannot calibrate (smart modules, an LED panel).
  public var available: Bool

  enum CodingKeys: String, CodingKey {
    case active, stage, showing, offsets, changed, rounds, available
    case stepsPerFlap = "steps_per_flap"
  }

  public init(
    active: Bool, stage: String?, showing: [String]?, offsets: [Int], changed: [Int],
    rounds: Int, stepsPerFlap: Double, available: Bool
  ) {
    self.active = active
    self.stage = stage
    self.showing = showing
    self.offsets = offsets
    self.changed = changed
    self.rounds = rounds
    self.stepsPerFlap = stepsPerFlap
    self.available = available
  }
}

/// A calibration step as the API takes it: `{"action": "start" | "shown" | "nudge" |
/// "pattern" | "end", …}`, with `rows` for `shown` and `row`, `col`, `steps` for `nudge`.
public enum CalibrationAction: Sendable, Hashable {
  case start
  case shown(rows: [String])
  case nudge(row: Int, col: Int, steps: Int)
  case pattern
  case end

  public static let names = "start, shown, nudge, pattern, end"

  public static func parse(_ body: JSONValue?) throws(APIError) -> CalibrationAction {
    guard case .object(let fields) = body else {
      throw .badRequest("body", "send a JSON object such as {\"action\": \"start\"}")
    }
    guard case .string(let action) = fields["action"] else {
      throw .badRequest("action", "must be one of: \(names)")
    }
    switch action {
    case "start": return .start
    case "pattern": return .pattern
    case "end": return .end
    case "shown":
      guard case .array(let items) = fields["rows"] else {
        throw .badRequest("rows", "give what the board shows: an array of rows, top to bottom")
      }
      var rows: [String] = []
      for (index, item) in items.enumerated() {
        guard case .string(let row) = item else {
          throw .badRequest("rows[\(index)]", "must be a string (a space is a blank flap)")
        }
        rows.append(row)
      }
      return .shown(rows: rows)
    case "nudge":
      return .nudge(
        row: try int("row", in: fields), col: try int("col", in: fields),
        steps: try int("steps", in: fields))
    default:
      throw .badRequest("action", "'\(action)' is not one of: \(names)")
    }
  }

  private static func int(_ name: String, in fields: [String: JSONValue]) throws(APIError) -> Int {
    guard case .int(let value) = fields[name] else {
      throw .badRequest(name, "must be a whole number")
    }
    return value
  }
}
