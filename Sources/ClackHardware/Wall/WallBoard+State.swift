import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL
import ClackScheduler

extension WallBoard {
  /// The whole wall's modules, one per canvas cell (row-major): the local tile's as its
  /// executor reports them; another tile's showing what it was last sent, faulted while its
  /// member is offline or reports faults; a cell no tile covers, at rest on a blank. The
  /// counters (commands taken, ticks, settling) are the local board's, with the changes that
  /// left the local tile as it was counted in (`SkippedChanges`). The wall is idle once the local board is and the latest
  /// change's instant has passed.
  public var state: ExecutorState {
    let own = local.state
    var state = own
    let (sent, landRaw) = ledger.withLock { ledger in
      ledger.skips.count(into: &state)
      return (ledger.sent, ledger.landRaw)
    }
    let reports = link.reports()
    state.modules = Array(
      repeating: Self.resting(board.flapSet.index(of: .blank) ?? 0), count: board.moduleCount)
    state.faults = Array(repeating: nil, count: board.moduleCount)
    state.idle = own.idle && raw() >= landRaw
    state.pixels = []
    let localBoard = local.board
    for module in own.modules.indices {
      let cell = localBoard.order.cell(
        ofModule: module, rows: localBoard.rows, cols: localBoard.cols)
      let index = canvasModule(localOrigin, cell)
      var report = own.modules[module]
      report.flap =
        report.flap < 0
        ? -1
        : board.flapSet.index(
          of: localBoard.flapSet.symbols[report.flap % localBoard.flapSet.count]) ?? -1
      state.modules[index] = report
      state.faults[index] = own.faults.indices.contains(module) ? own.faults[module] : nil
    }
    for tile in layout.tiles where tile.member != member {
      let problem = Self.problem(member: tile.member, report: reports[tile.member])
      for row in 0..<tile.rows {
        for col in 0..<tile.cols {
          let index = canvasModule(tile, (row, col))
          var report = ModuleReport()
          report.mode = .normal
          report.flap =
            sent[tile.name].flatMap { board.flapSet.index(of: $0.frame[row, col]) } ?? -1
          report.position = report.flap
          if let problem {
            report.faulted = true
            state.faults[index] = ModuleFault(module: index, kind: .bus(.timeout), message: problem)
          }
          state.modules[index] = report
        }
      }
    }
    return state
  }

  /// Why a member's tile is degraded; nil when it is well.
  static func problem(member: String, report: WallMemberReport?) -> String? {
    guard let report else { return "wall member '\(member)' has not been heard from" }
    guard report.online else { return "wall member '\(member)' is offline" }
    if let fault = report.faults.first {
      let more = report.faults.count > 1 ? " (and \(report.faults.count - 1) more)" : ""
      return "wall member '\(member)': \(fault)\(more)"
    }
    return nil
  }

  private static func resting(_ flap: Int) -> ModuleReport {
    var report = ModuleReport()
    report.mode = .normal
    report.flap = flap
    report.position = flap
    return report
  }

  /// The canvas module (row-major) of a tile's cell.
  private func canvasModule(_ tile: WallTile, _ cell: (row: Int, col: Int)) -> Int {
    (tile.row + cell.row) * layout.cols + tile.col + cell.col
  }
}
