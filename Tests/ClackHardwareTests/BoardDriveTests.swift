import ClackBoard
import ClackCore
import ClackScheduler
import Foundation
import Testing

@testable import ClackHardware

/// The kind of board is answered by its drive: what differs between split flaps and a panel
/// is asked of `BoardRunner`, never decided above it.
@Suite struct BoardDriveTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func board(_ file: String) throws -> BoardDefinition {
    try BoardFile.load(path: root.appendingPathComponent("boards/\(file)").path)
  }

  @Test func aFlapBoardHasNoLEDsNoDimmingAndNoScrolling() throws {
    let runner = try BoardRunner(
      board: try Self.board("sim-6x22.yaml"), simulate: true, clock: ManualTickClock())
    defer { _ = runner.stop() }
    #expect(runner.kind == .splitFlap)
    #expect(runner.drive is FlapDrive)
    #expect(runner.picture(runner.thread.state) == nil)
    #expect(runner.dimming == nil)
    #expect(runner.scrollCapacity == nil)
    #expect(!runner.isAnimating)
    #expect(runner.slowsWithMissedTicks)
    #expect(runner.keepsPositions)
    #expect(runner.homingMicrosecondsPerModule > 0)
    #expect(!runner.setBrightness(5), "a flap board has no brightness")
    let screen = Screen(rows: runner.board.rows, cols: runner.board.cols)
    #expect(runner.seenWholeMilliseconds(screen, reduceMotion: false) == nil)
    #expect(runner.readyLine(runner.thread.state).hasPrefix("board homed: "))
  }

  @Test func aPanelHasLEDsDimmingAndScrolling() throws {
    let board = try Self.board("sim-pixels-64x16.yaml")
    let runner = try BoardRunner(board: board, simulate: true, clock: ManualTickClock())
    defer { _ = runner.stop() }
    #expect(runner.kind == .pixels)
    #expect(runner.drive is PixelDrive)
    #expect(runner.dimming?.brightness == board.pixels?.brightness)
    #expect(runner.scrollCapacity == PixelDrive.lineCapacity)
    #expect(!runner.slowsWithMissedTicks, "a frame loop shows late frames, it does not slow")
    #expect(!runner.keepsPositions)
    #expect(runner.homingMicrosecondsPerModule == 0)
    let screen = Screen(rows: runner.board.rows, cols: runner.board.cols)
    // Nothing scrolls: seen whole once the board file's transition is over.
    let transition = try #require(board.pixels).transitionMilliseconds
    #expect(runner.seenWholeMilliseconds(screen, reduceMotion: false) == transition)
    #expect(runner.seenWholeMilliseconds(screen, reduceMotion: true) == 0)
    #expect(runner.readyLine(runner.thread.state).hasPrefix("panel started: "))
  }
}
