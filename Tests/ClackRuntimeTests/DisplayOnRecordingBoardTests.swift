import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntimeTestSupport
import ClackStore
import Foundation
import Testing

@testable import ClackRuntime

/// The display loop on a fake board that records what it is asked to show (no thread, no
/// simulated hardware), in virtual time: what it hands over, in what order, and when it
/// writes what to the store.
@Suite struct DisplayOnRecordingBoardTests {
  static func config() -> RuntimeConfig { RuntimeHarness.unscheduled(dwell: 300) }

  /// A frame's text, row after row.
  static func text(_ frame: Frame) -> String {
    frame.notations().map { $0.joined() }.joined(separator: "|")
  }

  static func message(_ text: String, transition: TransitionSpec? = nil) -> NewMessage {
    var message = NewMessage(sender: "t", body: .text(text))
    message.transition = transition
    return message
  }

  @Test func itHomesFirstAndShowsNothingUntilTheModulesAreHomed() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(
      Self.config(), clock: clock, holdsMoves: true)
    let display = runtime.display
    #expect(board.requests == [.home(showing: Frame(rows: 2, cols: 8))])
    let receipt = try await runtime.messages.accept(Self.message("HELLO"))
    await display.step()
    #expect(board.requests.count == 1, "nothing is handed over while homing")
    #expect(try runtime.store.message(id: receipt.message.id)?.state == .queued)
    #expect(await !display.homed)

    board.finishMoves()
    await display.step()
    #expect(await display.homed)
    #expect(board.requests.count == 2)
    guard case .show(let frame, let transition) = board.requests.last else {
      Issue.record("no show after homing: \(board.requests)")
      return
    }
    #expect(Self.text(frame).contains("HELLO"))
    #expect(transition.kind == .fastest, "the configured default")
    #expect(try runtime.store.message(id: receipt.message.id)?.state == .showing)
  }

  @Test func aMessageTransitionIsWhatTheBoardIsAskedFor() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    await runtime.display.step()
    let spec = TransitionSpec(kind: .diagonal, stepSize: 3, stepIntervalMilliseconds: 120)
    _ = try await runtime.messages.accept(Self.message("WAVE", transition: spec))
    guard case .show(let frame, let transition) = board.requests.last else {
      Issue.record("not shown: \(board.requests)")
      return
    }
    #expect(Self.text(frame).contains("WAVE"))
    #expect(transition.kind == .diagonal)
    #expect(transition.stepSize == 3)
    #expect(transition.stepIntervalMilliseconds == 120)
  }

  @Test func aBusyBoardGetsTheChangeOnALaterPassExactlyOnce() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let display = runtime.display
    await display.step()
    board.refuseNext(3)
    _ = try await runtime.messages.accept(Self.message("LATER"))
    #expect(board.framesShown.count == 1, "refused: only the homing so far")
    #expect(await display.isBusy, "a change not handed over keeps the loop following")
    for _ in 0..<5 { await display.step() }
    let shows = board.framesShown.dropFirst()
    #expect(shows.count == 1)
    #expect(shows.allSatisfy { Self.text($0).contains("LATER") })
    #expect(await !display.isBusy)
  }

  @Test func theFrameIsSavedOnlyOnceTheBoardHasSettledOnIt() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(
      Self.config(), clock: clock, holdsMoves: true)
    let display = runtime.display
    board.finishMoves()
    await display.step()
    _ = try await runtime.messages.accept(Self.message("SAVED"))
    #expect(board.framesShown.count == 2)
    let before = try runtime.store.loadBoardState()
    #expect(before.map { Self.text(try! Frame(codes: $0.codes)).contains("SAVED") } != true)
    await display.step()
    #expect(try runtime.store.loadBoardState() == before, "still moving: nothing saved")

    board.finishMoves()
    await display.step()
    let saved = try #require(try runtime.store.loadBoardState())
    #expect(Self.text(try Frame(codes: saved.codes)).contains("SAVED"))
    #expect(saved.flaps == board.state.modules.map { $0.flap })
  }

  @Test func quietHoldsTheBoardStillAndClearBlanksIt() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let display = runtime.display
    await display.step()
    await display.setQuiet(true)
    let held = try await runtime.messages.accept(Self.message("SHH"))
    #expect(board.framesShown.count == 1, "quiet: no change handed over")
    #expect(try runtime.store.message(id: held.message.id)?.state == .queued)

    await display.setQuiet(false)
    #expect(board.framesShown.last.map { Self.text($0).contains("SHH") } == true)
    #expect(try runtime.store.message(id: held.message.id)?.state == .showing)

    try await display.clear()
    #expect(board.framesShown.last == Frame(rows: 2, cols: 8), "cleared: a blank board")
    #expect(try runtime.store.message(id: held.message.id)?.state == .shown)
  }

  @Test func aCleanStopResumesFromTheSavedPositionsInsteadOfHoming() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let board = try RuntimeHarness.smallBoard()
    let stop = CleanStop(
      board: BoardRunner.positionKey(for: board),
      positions: Array(repeating: 0, count: board.moduleCount),
      phases: Array(repeating: 0, count: board.moduleCount), rotors: nil,
      savedAt: RuntimeHarness.midnight)
    let (_, resumed) = try await RuntimeHarness.recordingRuntime(
      Self.config(), clock: clock, cleanStop: stop)
    #expect(resumed.requests == [.resume(showing: Frame(rows: 2, cols: 8))])

    var other = stop
    other.board += "|another board file"
    let (_, homed) = try await RuntimeHarness.recordingRuntime(
      Self.config(), clock: clock, cleanStop: other)
    #expect(homed.requests == [.home(showing: Frame(rows: 2, cols: 8))])
  }

  @Test func theRunningLoopFollowsAHeldMoveAndSleepsOnceItEnds() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let display = runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    try await RuntimeHarness.untilAsleep(display, clock)
    board.holdMoves(true)
    _ = try await runtime.messages.accept(Self.message("MOVING"))
    let passes = await display.passes
    // The loop follows the move (it polls, by yielding here) and does not go to sleep.
    while await display.passes < passes + 20 { await Task.yield() }
    #expect(await display.sleeping.asleep == false)
    #expect(await display.isBusy)
    board.finishMoves()
    try await RuntimeHarness.untilAsleep(display, clock)
    #expect(await display.sleeping.until == clock.now().addingTimeInterval(300), "the dwell")
    #expect(board.framesShown.count == 2)
  }

  @Test func aMessageExpiresWhileTheBoardKeepsMoving() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let display = runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    try await RuntimeHarness.untilAsleep(display, clock)
    board.holdMoves(true)
    _ = try await runtime.messages.accept(Self.message("MOVING"))  // on show for its dwell
    var waiting = Self.message("WAITING")
    waiting.sender = "w"
    waiting.expiresIn = 60
    let expiring = try await runtime.messages.accept(waiting).message.id
    #expect(await display.isBusy)
    #expect(runtime.latency.isPending(expiring), "its acknowledgement time, for when it moves")
    clock.advance(by: 61)
    let giveUp = ContinuousClock.now + .seconds(30)
    while try runtime.store.message(id: expiring)?.state != .expired {
      try #require(ContinuousClock.now < giveUp, "not expired while the board moves")
      await Task.yield()
    }
    #expect(await display.isBusy, "expired while still moving")
    #expect(await !display.messages.contains { $0.id == expiring })
    #expect(!runtime.latency.isPending(expiring), "it will never move: forgotten")
    board.finishMoves()
  }

  /// What expired messages held is freed when they expire, after the burst that brought them
  /// has been relieved: an expiry is work, and the relief comes again once it is over.
  @Test func anExpiryIsWorkTheReliefWaitsOutAgain() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, _) = try await RuntimeHarness.recordingRuntime(
      Self.config(), clock: clock, relievesMemory: true)
    let relief = try #require(runtime.relief)
    let display = runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    try await RuntimeHarness.untilAsleep(display, clock)
    // Ten minutes between the relief after the accept (10 s) and the expiry: on a loaded
    // machine the relief's task can run many steps of the clock late, and with a minute
    // between them (as before) the expiry sometimes came first.
    var expiring = Self.message("SOON GONE")
    expiring.expiresIn = 600
    let id = try await runtime.messages.accept(expiring).message.id
    // A second at a time, so no wait armed meanwhile misses its moment.
    func advance(until what: String, _ condition: () async throws -> Bool) async throws {
      for _ in 0..<1000 {
        if try await condition() { return }
        clock.advance(by: 1)
        for _ in 0..<50 { await Task.yield() }
      }
      Issue.record("never: \(what)")
    }
    try await advance(until: "relieved after the accept") { relief.releases == 1 }
    #expect(try runtime.store.message(id: id)?.state != .expired)
    try await advance(until: "expired") { try runtime.store.message(id: id)?.state == .expired }
    #expect(relief.releases == 1)
    try await advance(until: "relieved again after the expiry") { relief.releases == 2 }
  }
}
