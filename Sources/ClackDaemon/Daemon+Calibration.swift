import ClackBoard
import ClackCore
import ClackStore
import Logging

extension Daemon {
  /// The board with the offsets a calibration saved laid over its file's (docs/calibration.md),
  /// when they were found on this board; otherwise the file's, with the reason logged.
  static func applyingCalibration(
    to board: BoardDefinition, from store: ClackStore, logger: Logger
  ) -> BoardDefinition {
    let saved: SavedCalibration?
    do {
      saved = try store.value(of: .calibration)
    } catch {
      logger.warning("cannot read the saved calibration (\(error)): the board file's offsets apply")
      return board
    }
    guard let saved else { return board }
    if let mismatch = saved.mismatch(
      board: board.name, modules: board.moduleCount,
      stepsPerRevolution: board.motion.stepsPerRevolution)
    {
      logger.warning(
        "the saved calibration does not fit this board (\(mismatch)): the board file's offsets apply; calibrate again"
      )
      return board
    }
    var calibrated = board
    calibrated.offsets = saved.offsets
    logger.info("offsets from the saved calibration, over the board file's")
    return calibrated
  }
}
