import ClackCore

/// A calibration under way: what the board is asked to show, and what changed last.
struct CalibrationSession: Sendable {
  var stage: CalibrationStage
  var showing: Frame
  /// What the content had on the board when calibration began: shown again at its end
  /// (the content decides afresh from there).
  var contentScreen: Screen
  var rounds = 0
  /// Modules whose offsets the last round or nudge changed.
  var changed: [Int] = []
}

public enum CalibrationStage: String, Sendable, Hashable {
  /// Every module on its home flap: say what each shows.
  case home
  /// The test pattern: check it reads through the flap set; say what shows if it does not.
  case pattern
}

/// What the faces show of calibration.
public struct CalibrationReading: Sendable, Hashable {
  /// True while a calibration is under way (content waits).
  public var active: Bool
  public var stage: CalibrationStage?
  /// What the board is asked to show, when calibrating.
  public var showing: Frame?
  /// Each module's offset in use, in module order.
  public var offsets: [Int]
  /// Modules the last round or nudge changed.
  public var changed: [Int]
  public var rounds: Int
  public var stepsPerFlap: Double
  /// False on a board that cannot be calibrated here (smart modules, a panel).
  public var available: Bool
}

/// Why a calibration step was refused.
public enum CalibrationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Smart modules (true) or a panel (false).
  case notStepped(smart: Bool)
  case notHomed
  case notStarted
  case busy
  case shown(ShownRowsError)
  case noSuchCell(row: Int, col: Int, rows: Int, cols: Int)
  case nudgeOutOfRange(steps: Int, limit: Int)
  case notSaved(String)

  public var description: String {
    switch self {
    case .notStepped(let smart):
      smart
        ? "smart modules keep their offsets in their own controllers: set `offsets` in the board file (written to each module at start)"
        : "an LED panel has no flaps to calibrate"
    case .notHomed: "the board is still homing: calibrate once it is homed"
    case .notStarted: "no calibration is under way: start one first (action \"start\")"
    case .busy: "the board's real-time thread is busy; send it again"
    case .shown(let error): error.description
    case .noSuchCell(let row, let col, let rows, let cols):
      "no module at row \(row), column \(col): the board has rows 0–\(rows - 1) and columns 0–\(cols - 1)"
    case .nudgeOutOfRange(let steps, let limit):
      "a nudge of \(steps) steps: give −\(limit) to \(limit), not 0 (a flap is \(limit) steps; for more, say what the board shows)"
    case .notSaved(let message):
      "the offsets were applied but could not be saved (\(message)): they last until the daemon stops"
    }
  }
}
