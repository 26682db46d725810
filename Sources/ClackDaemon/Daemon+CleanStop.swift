import ClackBoard
import ClackHardware
import ClackStore
import Foundation
import Logging

/// A clean stop saves where a stepped board's modules are; the next start trusts it instead of
/// homing (docs/scheduler.md). Only a stop that ended the run normally saves: after a crash or
/// a power cut there is no record, and the board homes.
extension Daemon {
  /// Stops all motion and switches every coil off, then logs how it went. The stop comes
  /// first and outside the log call: a Logger does not evaluate a message below its level, so
  /// a stop written inside the message never happened under `--log-level warning`, and the
  /// process exited with the executor still running and the coils as they were.
  static func stopMotion(of board: any RunningBoard, logger: Logger) {
    let stopped = board.stop()
    logger.info("\(stopped)")
  }

  static func takeCleanStop(
    from store: ClackStore, for board: BoardDefinition, logger: Logger
  ) -> CleanStop? {
    do {
      guard let stop = try store.takeCleanStop() else { return nil }
      guard stop.board == BoardRunner.positionKey(for: board) else {
        logger.info("the positions saved at the last stop are for another board: homing")
        return nil
      }
      return stop
    } catch {
      logger.warning("cannot read the positions saved at the last stop (\(error)): homing")
      return nil
    }
  }

  static func saveCleanStop(
    of runner: BoardRunner, to store: ClackStore, at now: Date, logger: Logger
  ) {
    guard let saved = runner.positionsAtStop() else { return }
    do {
      try store.saveCleanStop(
        CleanStop(
          board: runner.positionKey, positions: saved.positions, phases: saved.phases,
          rotors: saved.rotors, savedAt: now))
      let unknown = saved.positions.count { $0 < 0 }
      let but = unknown > 0 ? " (but for \(unknown) modules whose position is unknown)" : ""
      logger.info("positions saved: the next start skips homing\(but)")
    } catch {
      logger.warning("cannot save the positions (\(error)): the next start homes")
    }
  }
}
