import ClackBoard
import ClackCore
import ClackHAL
import ClackScheduler
import ClackSimHAL

/// A board whose flaps another controller moves: a Vestaboard, through its Local API
/// (`modules: {type: vestaboard}`), or its simulated twin. Clack's queue, pages, sources and
/// schedules decide what it shows; the drive hands each screen to the board whole, as rows of
/// codes, with the message's transition as the board's own, and reports what the board says it
/// shows. Its thread is `MessageBoardThread`: the network, not a tick.
final class MessageBoardDrive: BoardDrive, @unchecked Sendable {
  let kind = BoardKind.splitFlap
  let board: BoardDefinition
  let link: any MessageBoardLink
  let remote: MessageBoardThread
  var thread: any RealtimeThread { remote }
  /// Starting is reading the board: no module homes.
  let homingMicrosecondsPerModule = 0
  let keepsPositions = false
  private let timing: MessageBoardTiming
  /// The simulated board, when it is one.
  private let twin: SimulatedMessageBoardLink?

  init(
    board: BoardDefinition, wiring: MessageBoardWiring, link: any MessageBoardLink, clock: TickClock
  ) {
    self.board = board
    self.link = link
    twin = link as? SimulatedMessageBoardLink
    timing = MessageBoardTiming(
      rows: board.rows, cols: board.cols, settleMicroseconds: wiring.settleMilliseconds * 1000)
    let board = board
    remote = MessageBoardThread(
      link: link, moduleCount: board.moduleCount, timing: timing, clock: clock,
      checkSeconds: wiring.checkSeconds, flaps: { Self.flaps(of: $0, on: board) })
  }

  /// The rows of codes that show `cells` (flap indices, module order).
  func rows(_ cells: [Int]) -> [[Int]] {
    var rows = Array(repeating: Array(repeating: 0, count: board.cols), count: board.rows)
    for (module, flap) in cells.enumerated() where flap >= 0 && flap < board.flapSet.count {
      let cell = board.order.cell(ofModule: module, rows: board.rows, cols: board.cols)
      rows[cell.row][cell.col] = VestaboardCode.code(for: board.flapSet.symbols[flap]) ?? 0
    }
    return rows
  }

  /// Each module's flap index in `rows` of codes: -1 where the board shows a code its flap
  /// set lacks, or has no such cell (a board of another size).
  static func flaps(of rows: [[Int]], on board: BoardDefinition) -> [Int] {
    (0..<board.moduleCount).map { module in
      let cell = board.order.cell(ofModule: module, rows: board.rows, cols: board.cols)
      guard cell.row < rows.count, cell.col < rows[cell.row].count,
        let symbol = VestaboardCode.symbol(for: rows[cell.row][cell.col])
      else { return -1 }
      return board.flapSet.index(of: symbol) ?? -1
    }
  }

  func home(showing cells: [Int]) -> Bool {
    remote.send(.init(rows: rows(cells), animation: nil, notBefore: 0, reading: true))
    return true
  }

  /// Nothing is saved to trust: the board is read, as at every start.
  func resume(positions: [Int], phases: [Int], showing cells: [Int]) -> Bool {
    home(showing: cells)
  }

  /// A board of flaps shows no pictures and scrolls no lines.
  func show(
    cells: [Int], scrolling: [Int: [Symbol]], picture: Picture?, transition: Transition,
    reduceMotion: Bool, notBefore: Int
  ) -> Handover {
    guard picture == nil else { return .unshowable }
    let microseconds = moveMicroseconds(
      to: cells, transition: transition, reduceMotion: reduceMotion)
    remote.send(
      .init(
        rows: rows(cells), animation: animation(transition, reduceMotion: reduceMotion),
        notBefore: notBefore, reading: false))
    return .sent(microseconds: microseconds)
  }

  func moveMicroseconds(to cells: [Int], transition: Transition, reduceMotion: Bool) -> Int {
    let shown = remote.state.modules.map(\.flap)
    return timing.microseconds(
      from: shown.contains(-1) ? [] : rows(shown), to: rows(cells),
      animation: animation(transition, reduceMotion: reduceMotion))
  }

  private func animation(_ transition: Transition, reduceMotion: Bool) -> BoardAnimation? {
    reduceMotion ? nil : MessageBoardTiming.animation(transition)
  }

  func holdMicroseconds(after microseconds: Int) -> Int { 0 }
  func setBrightness(_ level: Int) -> Bool { false }
  func setOffsets(_ offsets: [Int]) -> Bool { false }
  func picture(_ state: ExecutorState) -> LitLEDs? { nil }
  func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int? { nil }
  let scrollCapacity: Int? = nil
  let animatesWhenIdle = false
  /// The board keeps its own time: a late pass here changes nothing there.
  let slowsWithMissedTicks = false
  let landingLatencyTicks = 2.0
  let dimming: Dimming? = nil

  func readyLine(_ state: ExecutorState, board: BoardDefinition) -> String {
    if state.modules.allSatisfy({ $0.flap < 0 }), let fault = state.faults.first ?? nil {
      return "board not read yet: \(fault.message); what it should show is sent once it answers"
    }
    return "board read: \(link.name) shows \(state.modules.count { $0.flap >= 0 }) of "
      + "\(state.modules.count) cells in this board's flaps"
  }

  func stopped() -> String {
    "\(link.name) keeps showing its last message"
  }

  var rotorPositions: [Int]? { nil }
  var twinFlaps: [Int]? {
    twin.map { link in Self.flaps(of: link.withBoard(\.shown), on: board) }
  }
}
