import ClackBoard
import ClackHardware

/// Which modules are faulted now, to log each fault when it appears (a warning, so
/// `journalctl -p warning` shows it) and when it clears, and to say so in `STATUS=`. It
/// never floods the log: many modules that fault alike at once (a bus that went away) make
/// one line (and so do many that clear at once), and a module whose fault comes back within `quietSeconds` of its last line is
/// counted, not logged, until that time has passed.
struct FaultWatch {
  /// A fault as the watch sees it: its text, and what it is (faults alike share it).
  struct Fault: Equatable {
    var message: String
    var kind: String
  }

  /// More faults than this appearing in one look are logged a line per kind.
  static let groupAbove = 4
  /// How long after a module's line its fault may come back before it has a line again.
  static let quietSeconds = 600.0

  /// Module index → its fault, as last seen.
  private(set) var faults: [Int: Fault] = [:]
  /// Modules whose fault has a line in the log that no "cleared" line followed yet.
  private var announced: Set<Int> = []
  /// When each module's fault last had a line, and how often it came back since unlogged.
  private var lastLine: [Int: Double] = [:]
  private var unlogged: [Int: Int] = [:]

  /// What changed since the last look: lines to log as warnings and as notices, or nil when
  /// nothing did. `now` is in seconds, on any clock that does not go back.
  mutating func look(at runner: any RunningBoard, now: Double) -> (
    appeared: [String], cleared: [String]
  )? {
    var seen: [Int: Fault] = [:]
    for (index, status) in runner.state.statuses.enumerated() {
      if let fault = status.fault {
        seen[index] = Fault(message: fault.message, kind: String(describing: fault.kind))
      }
    }
    return look(at: seen, board: runner.board, now: now)
  }

  mutating func look(at seen: [Int: Fault], board: BoardDefinition, now: Double) -> (
    appeared: [String], cleared: [String]
  )? {
    guard seen != faults else { return nil }
    let new = seen.keys.sorted().filter { faults[$0] != seen[$0] }
    let gone = faults.keys.sorted().filter { seen[$0] == nil }
    faults = seen
    var logged: [Int] = []
    for module in new {
      if let last = lastLine[module], now - last < Self.quietSeconds, !announced.contains(module) {
        unlogged[module, default: 0] += 1
      } else {
        logged.append(module)
      }
    }
    let appeared = lines(for: logged, board: board, now: now)
    let clearedModules = gone.filter { announced.remove($0) != nil }
    // Many at once (a bus, or a Vestaboard, come back) make one line, as they faulted.
    let cleared =
      clearedModules.count > Self.groupAbove
      ? ["\(clearedModules.count) modules' faults cleared, modules \(Self.ranges(clearedModules))"]
      : clearedModules.map { "\(Self.place($0, board)): fault cleared" }
    return appeared.isEmpty && cleared.isEmpty ? ([], []) : (appeared, cleared)
  }

  /// A line a module, or a line a kind when many appear at once.
  private mutating func lines(for modules: [Int], board: BoardDefinition, now: Double)
    -> [String]
  {
    var lines: [String] = []
    func note(_ module: Int) -> String {
      let count = unlogged.removeValue(forKey: module) ?? 0
      lastLine[module] = now
      announced.insert(module)
      return count == 0
        ? "" : " (and \(count) time\(count == 1 ? "" : "s") more since its last line)"
    }
    guard modules.count > Self.groupAbove else {
      for module in modules {
        lines.append(
          "\(Self.place(module, board)): \(faults[module]?.message ?? "")\(note(module))")
      }
      return lines
    }
    var kinds: [String] = []
    var byKind: [String: [Int]] = [:]
    for module in modules {
      let kind = faults[module]?.kind ?? ""
      if byKind[kind] == nil { kinds.append(kind) }
      byKind[kind, default: []].append(module)
    }
    for kind in kinds {
      let group = byKind[kind] ?? []
      for module in group { _ = note(module) }
      let first = group[0]
      lines.append(
        "\(group.count) module\(group.count == 1 ? "" : "s") faulted alike, modules "
          + "\(Self.ranges(group)); the first, \(Self.place(first, board)): "
          + (faults[first]?.message ?? ""))
    }
    return lines
  }

  static func place(_ index: Int, _ board: BoardDefinition) -> String {
    let cell = board.order.cell(ofModule: index, rows: board.rows, cols: board.cols)
    return "module \(index) (row \(cell.row + 1), column \(cell.col + 1))"
  }

  /// Sorted indices as runs: "3, 66–131".
  static func ranges(_ indices: [Int]) -> String {
    var parts: [String] = []
    var start = indices.first ?? 0
    var end = start
    for index in indices.dropFirst() {
      if index == end + 1 {
        end = index
        continue
      }
      parts.append(start == end ? "\(start)" : "\(start)–\(end)")
      (start, end) = (index, index)
    }
    if !indices.isEmpty { parts.append(start == end ? "\(start)" : "\(start)–\(end)") }
    return parts.joined(separator: ", ")
  }

  /// For `STATUS=`: empty when all is well.
  var summary: String {
    faults.isEmpty ? "" : "; \(faults.count) module\(faults.count == 1 ? "" : "s") faulted"
  }
}
