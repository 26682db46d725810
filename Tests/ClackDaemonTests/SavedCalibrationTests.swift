import ClackBoard
import ClackCore
import ClackStore
import Foundation
import Logging
import Testing

@testable import ClackDaemon

/// A saved calibration is laid over the board file's offsets at start, but only over the
/// board it was found on.
@Suite struct SavedCalibrationTests {
  let board = try! BuiltinBoard.load()

  func store(with saved: SavedCalibration?) throws -> ClackStore {
    let store = try ClackStore(inMemory: "calibration-\(UUID())")
    if let saved { try store.save(.calibration, saved, at: Date()) }
    return store
  }

  @Test func offsetsFoundOnThisBoardReplaceTheFilesAtStart() throws {
    let offsets = (0..<board.moduleCount).map { $0 % 7 - 3 }
    let saved = SavedCalibration(
      board: board.name, stepsPerRevolution: board.motion.stepsPerRevolution, offsets: offsets)
    let started = Daemon.applyingCalibration(
      to: board, from: try store(with: saved), logger: Logger(label: "test"))
    #expect(started.offsets == offsets)
    let none = Daemon.applyingCalibration(
      to: board, from: try store(with: nil), logger: Logger(label: "test"))
    #expect(none.offsets == board.offsets)
  }

  @Test func offsetsFoundOnAnotherBoardAreLeftWithTheReason() throws {
    let others = [
      SavedCalibration(
        board: "elsewhere", stepsPerRevolution: board.motion.stepsPerRevolution,
        offsets: Array(repeating: 5, count: board.moduleCount)),
      SavedCalibration(
        board: board.name, stepsPerRevolution: board.motion.stepsPerRevolution, offsets: [5]),
      SavedCalibration(
        board: board.name, stepsPerRevolution: 4076,
        offsets: Array(repeating: 5, count: board.moduleCount)),
    ]
    for saved in others {
      let started = Daemon.applyingCalibration(
        to: board, from: try store(with: saved), logger: Logger(label: "test"))
      #expect(started.offsets == board.offsets)
    }
    #expect(
      others[2].mismatch(board: board.name, modules: board.moduleCount, stepsPerRevolution: 4096)
        == "they were made at 4076 steps a revolution, the board file now says 4096")
  }
}
