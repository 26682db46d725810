import ClackCore

/// One step of a calibration, from any face (REST, the CLI, the web page).
public enum CalibrationStep: Sendable, Hashable {
  /// Every module to its home flap (starting over when one is under way).
  case start
  /// What the board shows, a row at a time, as typed (docs/calibration.md).
  case shown(rows: [String])
  /// Moves one module's offset by a few steps (+: further on).
  case nudge(row: Int, col: Int, steps: Int)
  /// The test pattern.
  case pattern
  /// Back to the content.
  case end
}

extension BoardService {
  /// Carries out a calibration step and answers with where calibration stands.
  public func calibrate(_ step: CalibrationStep) async throws(ServiceError) -> CalibrationReading {
    do throws(CalibrationError) {
      switch step {
      case .start: return try await display.startCalibration()
      case .shown(let rows):
        // Out of turn before mistyped: what was typed only means something during a round.
        guard await display.calibrationReading().active else { throw .notStarted }
        let board = display.board
        let frame: Frame
        do throws(ShownRowsError) {
          frame = try ShownRows.frame(
            rows, rows: board.rows, cols: board.cols, flapSet: board.flapSet)
        } catch {
          throw .shown(error)
        }
        return try await display.calibrate(shown: frame)
      case .nudge(let row, let col, let steps):
        return try await display.nudge(row: row, col: col, steps: steps)
      case .pattern: return try await display.showTestPattern()
      case .end: return await display.endCalibration()
      }
    } catch {
      throw .calibration(error)
    }
  }

  /// Where calibration stands.
  public func calibration() async -> CalibrationReading { await display.calibrationReading() }
}
