/// Offsets a calibration found, kept in the state directory and laid over the board file's
/// at each start — but only over the board they were found on: the same name, module count
/// and steps per revolution (a changed board file homes with its own offsets and says why).
public struct SavedCalibration: Codable, Sendable, Hashable {
  public var board: String
  public var stepsPerRevolution: Int
  public var offsets: [Int]

  public init(board: String, stepsPerRevolution: Int, offsets: [Int]) {
    self.board = board
    self.stepsPerRevolution = stepsPerRevolution
    self.offsets = offsets
  }

  enum CodingKeys: String, CodingKey {
    case board, offsets
    case stepsPerRevolution = "steps_per_revolution"
  }

  /// Why these offsets do not fit a board of this name, module count and revolution; nil
  /// when they do.
  public func mismatch(board name: String, modules: Int, stepsPerRevolution steps: Int)
    -> String?
  {
    if name != board { return "they were made for board '\(board)', this is '\(name)'" }
    if offsets.count != modules {
      return "they give \(offsets.count) offsets, the board has \(modules) modules"
    }
    if steps != stepsPerRevolution {
      return
        "they were made at \(stepsPerRevolution) steps a revolution, the board file now says \(steps)"
    }
    return nil
  }
}
