import ClackBoard
import ClackCore
import ClackHAL
import ClackScheduler
import ClackSimHAL
import Foundation
import Testing

@testable import ClackHardware

/// A Vestaboard driven through `BoardRunner` on its simulated twin, in virtual time: the board
/// is read at the start, each screen is posted whole with its transition, the board's waits
/// are honoured, a board that stops answering is reported and caught up when it returns, and a
/// message it refuses is reported and not sent again.
@Suite struct MessageBoardDriveTests {
  /// The shipped Vestaboard, read only after each change (`check_s: 0`): in virtual time a
  /// periodic read would come round at once, again and again.
  static func board(checkSeconds: Int = 0) throws -> BoardDefinition {
    var board = try BoardDriveTests.board("vestaboard-flagship.yaml")
    guard case .vestaboard(var wiring) = board.hardware else { return board }
    wiring.checkSeconds = checkSeconds
    board.hardware = .vestaboard(wiring)
    return board
  }

  /// `text` on the first row, the rest blank.
  static func frame(_ text: String, on board: BoardDefinition) -> Frame {
    var frame = Frame(rows: board.rows, cols: board.cols)
    for (col, character) in text.enumerated() { frame[0, col] = .glyph(character) }
    return frame
  }

  static func codes(_ frame: Frame) throws -> [[Int]] { try frame.codes() }

  /// Waits (real time, the thread's own) until `condition` holds; records an issue if not.
  static func wait(
    _ runner: BoardRunner, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: (ExecutorState) -> Bool
  ) -> ExecutorState {
    let state = runner.thread.wait(timeoutSeconds: 10, until: condition)
    let met = condition(state)
    let summary =
      "\(what): \(state.commandsApplied) applied, idle \(state.idle), \(state.faults.count { $0 != nil }) faulted"
    #expect(met, Comment(rawValue: summary), sourceLocation: sourceLocation)
    return state
  }

  /// A runner on `board`'s twin in virtual time, started showing `text`.
  static func started(
    _ board: BoardDefinition, showing text: String = "", clock: ManualTickClock = ManualTickClock(),
    offline: Bool = false
  ) throws -> (BoardRunner, SimulatedMessageBoardLink) {
    let runner = try BoardRunner(board: board, simulate: true, clock: clock)
    let twin = try #require(runner.messageBoardTwin)
    // Off the network from the start: the start still counts as done, the board unread.
    twin.withBoard { $0.offline = offline }
    #expect(runner.home(showing: frame(text, on: board)))
    _ = wait(runner, "started") { $0.commandsApplied == 1 && $0.idle }
    return (runner, twin)
  }

  @Test func aVestaboardIsReadAtTheStartAndShowsEachScreenWhole() throws {
    let board = try Self.board()
    let clock = ManualTickClock()
    let runner = try BoardRunner(board: board, simulate: true, clock: clock)
    defer { _ = runner.stop() }
    let twin = try #require(runner.messageBoardTwin)
    #expect(runner.kind == .splitFlap)
    #expect(runner.drive is MessageBoardDrive)
    #expect(!runner.keepsPositions)
    #expect(!runner.slowsWithMissedTicks)
    #expect(runner.grant.fifoPriority == nil, "the network needs no real-time thread")
    twin.withBoard { $0.nextAnswers = [] }

    let hello = Self.frame("HELLO", on: board)
    #expect(runner.home(showing: hello))
    var state = Self.wait(runner, "started") { $0.commandsApplied == 1 && $0.idle }
    #expect(state.modules.allSatisfy { $0.mode == .normal })
    #expect(runner.shownFrame(state) == hello)
    #expect(twin.withBoard(\.history).map(\.rows) == [try Self.codes(hello)])
    #expect(twin.withBoard(\.posts) == 1)

    let world = Self.frame("WORLD", on: board)
    let before = clock.nanoseconds()
    let handover = runner.show(
      Screen(frame: world),
      transition: Transition(.column, stepSize: 2, stepIntervalMilliseconds: 500),
      reduceMotion: false)
    // 22 columns, 2 at a time: 11 steps 500 ms apart, then the flaps settle (6 s).
    #expect(handover == .sent(microseconds: 10 * 500_000 + 6_000_000))
    state = Self.wait(runner, "world shown") { $0.commandsApplied == 2 && $0.idle }
    #expect(runner.shownFrame(state) == world)
    #expect(
      clock.nanoseconds() - before >= 11_000_000_000, "the display waits out the board's move")
    let last = try #require(twin.withBoard(\.history).last)
    #expect(last.rows == (try Self.codes(world)))
    #expect(
      last.animation
        == BoardAnimation(strategy: "column", stepIntervalMilliseconds: 500, stepSize: 2))

    // The same screen again changes nothing on the board: no message.
    _ = runner.show(Screen(frame: world), transition: Transition(), reduceMotion: false)
    _ = Self.wait(runner, "same screen") { $0.commandsApplied == 3 && $0.idle }
    #expect(twin.withBoard(\.posts) == 2)
  }

  @Test func theBoardsWaitIsHonouredAndNothingIsDropped() throws {
    let board = try Self.board()
    let clock = ManualTickClock()
    let (runner, twin) = try Self.started(board, clock: clock)
    defer { _ = runner.stop() }

    twin.withBoard { $0.nextAnswers = [.tooManyRequests(retryAfterSeconds: 15)] }
    let start = clock.nanoseconds()
    let first = Self.frame("FIRST", on: board)
    _ = runner.show(Screen(frame: first), transition: Transition(), reduceMotion: true)
    let state = Self.wait(runner, "shown after the wait") { $0.commandsApplied == 2 && $0.idle }
    #expect(runner.shownFrame(state) == first)
    // The 15 s the board asked for, then the 6 s its flaps take to settle.
    #expect(clock.nanoseconds() - start >= 21_000_000_000, "it waited what the board asked for")
    #expect(state.faults.allSatisfy { $0 == nil }, "a wait the board asks for is not a fault")
    #expect(twin.withBoard(\.history).last?.animation == nil, "reduced motion: no transition")

    // Two screens handed over at once: the newer replaces the older, both count as applied.
    let second = Self.frame("SECOND", on: board)
    let third = Self.frame("THIRD", on: board)
    _ = runner.show(Screen(frame: second), transition: Transition(), reduceMotion: false)
    _ = runner.show(Screen(frame: third), transition: Transition(), reduceMotion: false)
    let last = Self.wait(runner, "third shown") { $0.commandsApplied == 4 && $0.idle }
    #expect(runner.shownFrame(last) == third)
    #expect(twin.withBoard(\.history).last?.rows == (try Self.codes(third)))
  }

  @Test func aBoardThatStopsAnsweringIsReportedAndCaughtUpWhenItReturns() throws {
    let board = try Self.board()
    let (runner, twin) = try Self.started(board)
    defer { _ = runner.stop() }

    twin.withBoard { $0.offline = true }
    let news = Self.frame("NEWS", on: board)
    _ = runner.show(Screen(frame: news), transition: Transition(), reduceMotion: false)
    let down = Self.wait(runner, "reported") { $0.faults.allSatisfy { $0 != nil } }
    let fault = try #require(down.faults.first ?? nil)
    #expect(fault.kind == .bus(.timeout))
    #expect(
      fault.message.contains("http://vestaboard.local:7000 (simulated): no answer"),
      "\(fault.message)")
    #expect(down.commandsApplied == 1, "not applied while the board is away")
    #expect(!down.idle)

    twin.withBoard { $0.offline = false }
    let back = Self.wait(runner, "caught up") { $0.commandsApplied == 2 && $0.idle }
    #expect(back.faults.allSatisfy { $0 == nil }, "the faults clear once the board answers")
    #expect(runner.shownFrame(back) == news)
    #expect(twin.withBoard(\.history).last?.rows == (try Self.codes(news)))
  }

  @Test func aRefusedMessageIsReportedAndNotSentAgain() throws {
    let board = try Self.board()
    let (runner, twin) = try Self.started(board, showing: "START")
    defer { _ = runner.stop() }
    let start = Self.frame("START", on: board)

    twin.withBoard { $0.nextAnswers = [.badRequest("the board is 3×15")] }
    _ = runner.show(
      Screen(frame: Self.frame("NO", on: board)), transition: Transition(), reduceMotion: false)
    let refused = Self.wait(runner, "refused") { $0.commandsApplied == 2 && $0.idle }
    let fault = try #require(refused.faults.first ?? nil)
    #expect(fault.kind == .bus(.invalidArgument))
    #expect(fault.message.contains("refused the message: the board is 3×15"))
    #expect(runner.shownFrame(refused) == start, "the board still shows what it showed")
    #expect(twin.withBoard(\.history).count == 1)
    #expect(twin.withBoard(\.posts) == 2, "the start's message, the refused one")
  }

  @Test func aRealVestaboardNeedsTheDaemonsConnectionAndAReadableKey() throws {
    let board = try Self.board()
    #expect {
      try BoardRunner(board: board, simulate: false, clock: ManualTickClock())
    } throws: { "\($0)".contains("cannot reach: run it with the daemon") }
    let connect: MessageBoardConnector = { url, key in
      SimulatedMessageBoardLink(name: url, board: VestaboardModel(key: key), key: key)
    }
    #expect {
      try BoardRunner(board: board, simulate: false, clock: ManualTickClock(), connect: connect)
    } throws: { "\($0)".contains("cannot read the Local API key from /etc/clack/vestaboard.key") }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-vestaboard-\(UUID().uuidString).key")
    try "  s3cret  \n".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    var keyed = board
    guard case .vestaboard(var wiring) = board.hardware else { return }
    wiring.keyFile = file.path
    keyed.hardware = .vestaboard(wiring)
    let runner = try BoardRunner(
      board: keyed, simulate: false, clock: ManualTickClock(), connect: connect)
    defer { _ = runner.stop() }
    let link = try #require(runner.messageBoardTwin)
    #expect(link.key == "s3cret", "the key file's first line, trimmed")
  }

  @Test func theBoardIsReadWhileIdleSoAChangeFromElsewhereAndAnAbsenceAreSeen() throws {
    let board = try Self.board(checkSeconds: 60)
    let (runner, twin) = try Self.started(board, showing: "MINE")
    defer { _ = runner.stop() }

    // The board's own app changes it: what the board reports becomes the state.
    let theirs = Self.frame("THEIRS", on: board)
    let taken = twin.withBoard { $0.post(try! theirs.codes(), animation: nil, key: $0.key) }
    #expect(taken == nil)
    let seen = Self.wait(runner, "their message seen") { runner.shownFrame($0) == theirs }
    #expect(seen.commandsApplied == 1, "nothing was sent")

    twin.withBoard { $0.offline = true }
    let away = Self.wait(runner, "absence reported") { $0.faults.allSatisfy { $0 != nil } }
    #expect(away.faults.first??.message.contains("no answer") == true)
    twin.withBoard { $0.offline = false }
    _ = Self.wait(runner, "back") { $0.faults.allSatisfy { $0 == nil } }
  }

  @Test func aBoardThatDoesNotAnswerAtTheStartDoesNotHoldTheStartUp() throws {
    let board = try Self.board()
    let (runner, twin) = try Self.started(board, showing: "HELLO", offline: true)
    defer { _ = runner.stop() }
    let hello = Self.frame("HELLO", on: board)
    let started = runner.thread.state
    #expect(started.modules.allSatisfy { $0.mode == .normal && $0.flap == -1 })
    #expect(started.faults.allSatisfy { $0?.message.contains("no answer") == true })
    #expect(
      runner.readyLine(started).hasPrefix("board not read yet: "), "\(runner.readyLine(started))")
    #expect(twin.withBoard(\.history).isEmpty)

    // It answers: the start's screen is sent, and not counted again.
    twin.withBoard { $0.offline = false }
    let back = Self.wait(runner, "start's screen sent") { runner.shownFrame($0) == hello }
    #expect(back.commandsApplied == 1)
    #expect(back.faults.allSatisfy { $0 == nil })
    #expect(twin.withBoard(\.history).map(\.rows) == [try Self.codes(hello)])
    let world = Self.frame("WORLD", on: board)
    _ = runner.show(Screen(frame: world), transition: Transition(), reduceMotion: false)
    let last = Self.wait(runner, "world shown") { $0.commandsApplied == 2 && $0.idle }
    #expect(runner.shownFrame(last) == world)
  }

  @Test func aScreenHandedOverBeforeTheBoardAnswersReplacesTheStartsScreen() throws {
    let board = try Self.board()
    let (runner, twin) = try Self.started(board, showing: "HELLO", offline: true)
    defer { _ = runner.stop() }
    let news = Self.frame("NEWS", on: board)
    _ = runner.show(Screen(frame: news), transition: Transition(), reduceMotion: false)
    twin.withBoard { $0.offline = false }
    let state = Self.wait(runner, "news shown") { $0.commandsApplied == 2 && $0.idle }
    #expect(runner.shownFrame(state) == news)
    // The newer screen, and never the start's after it. A retry of the start's screen that
    // the thread had begun before the news was handed over may reach the board first (a
    // loaded machine has seen it): the news follows at once.
    let history = twin.withBoard(\.history).map(\.rows)
    let hello = try Self.codes(Self.frame("HELLO", on: board))
    #expect(history.last == (try Self.codes(news)), "the newer screen last")
    #expect(history.dropLast().allSatisfy { $0 == hello } && history.count <= 2, "\(history)")
  }
}
