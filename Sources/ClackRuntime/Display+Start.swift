import ClackCore
import ClackStore
import Foundation

extension Display {
  /// Homes every module, going straight to the frame shown before the last stop (so a
  /// restart flips no more than homing needs). After a clean stop of a stepped board
  /// (`cleanStop`, for this board) it trusts the saved positions instead and moves at once.
  /// Returns once homing (or the move) is under way.
  public func startHoming(resuming cleanStop: CleanStop? = nil) {
    let board = runner.board
    if let saved = try? store.loadBoardState(), let frame = try? Frame(codes: saved.codes),
      frame.rows == board.rows, frame.cols == board.cols, board.flaps(for: frame) != nil
    {
      screen = Screen(frame: frame)
      logger.info("restoring the last frame shown (saved \(saved.savedAt))")
    }
    sent = screen
    checkQuoteZones()
    // A pixel panel starts at the level it should show now.
    applyBrightness(at: clock.now())
    if let cleanStop, runner.keepsPositions, cleanStop.board == runner.positionKey,
      cleanStop.positions.count == board.moduleCount, cleanStop.phases.count == board.moduleCount
    {
      let unknown = cleanStop.positions.count { $0 < 0 }
      let but = unknown > 0 ? " but for \(unknown) modules whose position was unknown" : ""
      logger.info(
        "trusting the positions saved at the clean stop (\(cleanStop.savedAt)): no homing\(but); each module's home is checked as it passes its sensor"
      )
      while !runner.resume(
        positions: cleanStop.positions, phases: cleanStop.phases, showing: screen.frame)
      {}
    } else {
      if cleanStop != nil {
        logger.info("the positions saved at the last stop are for another board: homing")
      }
      while !runner.home(showing: screen.frame) {}
    }
    commandsSent += 1
    commandsSaved = commandsSent
  }
}
