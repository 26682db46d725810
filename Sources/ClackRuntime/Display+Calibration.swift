import ClackCore
import ClackStore
import Foundation

/// Calibration (docs/calibration.md): the modules go to their home flap, a person says what
/// the board shows, each module's offset is worked out, handed to the executor, saved, and a
/// test pattern shows to confirm; a module can be nudged by a few steps. Content waits.
extension Display {
  /// Starts (or starts over): every module to its home flap.
  public func startCalibration() throws(CalibrationError) -> CalibrationReading {
    try checkCalibratable()
    calibration = CalibrationSession(
      stage: .home,
      showing: FlapCalibration.homeFrame(
        rows: board.rows, cols: board.cols, flapSet: board.flapSet),
      contentScreen: calibration?.contentScreen ?? screen)
    logger.info("calibration: every module to its home flap")
    refreshBoard()
    return calibrationReading()
  }

  /// What the board shows, as a person read it, for the frame it was asked to show: each
  /// module's offset moves by the flaps between them, the executor takes the offsets, they
  /// are saved, and the test pattern follows.
  public func calibrate(shown: Frame) throws(CalibrationError) -> CalibrationReading {
    guard var session = calibration else { throw .notStarted }
    guard let expected = board.flaps(for: session.showing), let seen = board.flaps(for: shown)
    else { throw .notStarted }
    let arithmetic = FlapCalibration(
      flapCount: board.flapSet.count, stepsPerRevolution: board.motion.stepsPerRevolution)
    let updated = arithmetic.offsets(current: offsets, expected: expected, shown: seen)
    try apply(updated)
    session.changed = updated.indices.filter { updated[$0] != offsets[$0] }
    session.stage = .pattern
    session.showing = FlapCalibration.testPattern(
      rows: board.rows, cols: board.cols, flapSet: board.flapSet)
    session.rounds += 1
    offsets = updated
    calibration = session
    logger.info(
      "calibration: \(session.changed.count) modules moved (\(session.changed.map(String.init).joined(separator: ", "))); offsets saved; test pattern"
    )
    refreshBoard()
    return calibrationReading()
  }

  /// Moves one module's offset by `steps` (+ further on: a flap that has not quite fallen),
  /// saved like a round's.
  public func nudge(row: Int, col: Int, steps: Int) throws(CalibrationError) -> CalibrationReading {
    guard var session = calibration else { throw .notStarted }
    guard (0..<board.rows).contains(row), (0..<board.cols).contains(col) else {
      throw .noSuchCell(row: row, col: col, rows: board.rows, cols: board.cols)
    }
    let limit = board.motion.stepsPerRevolution / board.flapSet.count
    guard (-limit...limit).contains(steps), steps != 0 else {
      throw .nudgeOutOfRange(steps: steps, limit: limit)
    }
    guard
      let module = (0..<board.moduleCount).first(where: {
        board.order.cell(ofModule: $0, rows: board.rows, cols: board.cols) == (row, col)
      })
    else { throw .noSuchCell(row: row, col: col, rows: board.rows, cols: board.cols) }
    let arithmetic = FlapCalibration(
      flapCount: board.flapSet.count, stepsPerRevolution: board.motion.stepsPerRevolution)
    var updated = offsets
    updated[module] = arithmetic.normalised(updated[module] + steps)
    try apply(updated)
    offsets = updated
    session.changed = [module]
    calibration = session
    logger.info("calibration: module \(module) (row \(row), col \(col)) nudged \(steps) steps")
    refreshBoard()
    return calibrationReading()
  }

  /// Shows the test pattern again (after a nudge, or to check a calibration from before).
  public func showTestPattern() throws(CalibrationError) -> CalibrationReading {
    if calibration == nil { try checkCalibratable() }
    calibration = CalibrationSession(
      stage: .pattern,
      showing: FlapCalibration.testPattern(
        rows: board.rows, cols: board.cols, flapSet: board.flapSet),
      contentScreen: calibration?.contentScreen ?? screen, rounds: calibration?.rounds ?? 0)
    refreshBoard()
    return calibrationReading()
  }

  /// Ends the calibration: the board shows its content again.
  public func endCalibration() -> CalibrationReading {
    if let calibration {
      logger.info("calibration ended: back to the content")
      screen = calibration.contentScreen
    }
    calibration = nil
    dirty = true
    refreshBoard()
    return calibrationReading()
  }

  public func calibrationReading() -> CalibrationReading {
    CalibrationReading(
      active: calibration != nil, stage: calibration?.stage, showing: calibration?.showing,
      offsets: offsets, changed: calibration?.changed ?? [], rounds: calibration?.rounds ?? 0,
      stepsPerFlap: Double(board.motion.stepsPerRevolution) / Double(board.flapSet.count),
      available: calibratable)
  }

  var calibratable: Bool { runner.kind == .splitFlap && runner.keepsPositions }

  private func checkCalibratable() throws(CalibrationError) {
    guard calibratable else {
      throw .notStepped(smart: runner.kind == .splitFlap)
    }
    guard homed else { throw .notHomed }
  }

  /// Hands `updated` to the executor, then keeps it in the store. A busy thread refuses with
  /// nothing changed; a store that fails after the hand-over leaves the board calibrated
  /// until the daemon stops, and the error says so.
  private func apply(_ updated: [Int]) throws(CalibrationError) {
    guard runner.setOffsets(updated) else { throw .busy }
    let saved = SavedCalibration(
      board: board.name, stepsPerRevolution: board.motion.stepsPerRevolution, offsets: updated)
    do {
      try store.save(.calibration, saved, at: clock.now())
    } catch {
      logger.error("calibration applied but not saved: \(error)")
      throw .notSaved("\(error)")
    }
  }

  private func refreshBoard() {
    step()
    wakeLoop()
  }
}
