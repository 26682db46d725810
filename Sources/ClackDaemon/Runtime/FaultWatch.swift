import ClackHardware

/// Which modules are faulted now, to log each fault once when it appears (a warning, so
/// `journalctl -p warning` shows it) and once when it clears, and to say so in `STATUS=`.
struct FaultWatch {
  /// Module index → its fault's text, as last seen.
  private(set) var faults: [Int: String] = [:]

  /// What changed since the last look: lines to log as warnings and as notices, or nil when
  /// nothing did.
  mutating func look(at runner: any RunningBoard) -> (appeared: [String], cleared: [String])? {
    let board = runner.board
    var now: [Int: String] = [:]
    for (index, status) in runner.state.statuses.enumerated() {
      if let fault = status.fault { now[index] = fault.message }
    }
    guard now != faults else { return nil }
    func place(_ index: Int) -> String {
      let cell = board.order.cell(ofModule: index, rows: board.rows, cols: board.cols)
      return "module \(index) (row \(cell.row + 1), column \(cell.col + 1))"
    }
    let appeared = now.keys.sorted().filter { faults[$0] != now[$0] }
      .map { "\(place($0)): \(now[$0] ?? "")" }
    let cleared = faults.keys.sorted().filter { now[$0] == nil }
      .map { "\(place($0)): fault cleared" }
    faults = now
    return (appeared, cleared)
  }

  /// For `STATUS=`: empty when all is well.
  var summary: String {
    faults.isEmpty ? "" : "; \(faults.count) module\(faults.count == 1 ? "" : "s") faulted"
  }
}
