import ClackBoard
import ClackCore
import ClackDrivers
import ClackScheduler

extension TiledBoard {
  /// The whole canvas's modules, one per cell (row-major), each as its tile's board reports
  /// it (a cell no tile covers rests on a blank), and faults named by tile. A change counts
  /// applied once every tile it moved has taken its command. It is settled when the last of
  /// them has; a change that moved no tile is never seen to settle, as a board's own change
  /// that moves nothing is not. Ticks are the most any tile ran; misses, all the tiles'.
  public var state: ExecutorState {
    let states = tiles.map(\.board.state)
    var state = ExecutorState(moduleCount: board.moduleCount)
    let blank = board.flapSet.index(of: .blank) ?? 0
    for index in state.modules.indices {
      state.modules[index].mode = .normal
      state.modules[index].flap = blank
      state.modules[index].position = blank
    }
    for ((tile, running), own) in zip(tiles, states) {
      let tileBoard = running.board
      for module in own.modules.indices {
        let cell = tileBoard.order.cell(
          ofModule: module, rows: tileBoard.rows, cols: tileBoard.cols)
        let index = (tile.row + cell.row) * layout.cols + tile.col + cell.col
        var report = own.modules[module]
        report.flap =
          report.flap < 0
          ? -1
          : board.flapSet.index(
            of: tileBoard.flapSet.symbols[report.flap % tileBoard.flapSet.count]) ?? -1
        state.modules[index] = report
        if own.faults.indices.contains(module), let fault = own.faults[module] {
          state.faults[index] = ModuleFault(
            module: index, kind: fault.kind,
            message: "tile '\(tile.name)' module \(module): \(fault.message)")
        }
      }
      state.ticks = max(state.ticks, own.ticks)
      state.deadlineMisses += own.deadlineMisses
      state.lastAppliedAt = max(state.lastAppliedAt, own.lastAppliedAt)
      state.settledAt = max(state.settledAt, own.settledAt)
    }
    state.nowMicroseconds = states.first?.nowMicroseconds ?? 0
    state.stopped = states.allSatisfy(\.stopped)
    let applied = states.map(\.commandsApplied)
    let (count, landRaw, movedNothing) = ledger.withLock { ledger in
      while let first = ledger.pending.first,
        zip(first, applied).allSatisfy({ required, done in done >= required })
      {
        ledger.pending.removeFirst()
        ledger.applied += 1
      }
      return (ledger.applied, ledger.landRaw, ledger.latestMovedNothing && ledger.pending.isEmpty)
    }
    state.commandsApplied = count
    state.idle = states.allSatisfy(\.idle) && raw() >= landRaw
    if movedNothing { state.lastAppliedAt = max(state.lastAppliedAt, state.settledAt + 1) }
    return state
  }
}
