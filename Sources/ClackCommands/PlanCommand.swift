import ArgumentParser
import ClackAPI
import ClackBoard
import ClackCore
import ClackScheduler

/// `clack plan`: how long a change of frame takes on a board, and who moves when.
struct PlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "Plan a change from one text to another and say how long it takes.",
    discussion: """
      Both texts are laid out as `clack render` would. The plan keeps within the board's \
      power: in amperes when the board file gives its supply (power.supply_amps and \
      module_amps: each move ramps, cruises and holds, drawing what the file says, and no \
      moment draws more than the supply), else in modules (power.max_moving at once). --json \
      lists every module's start and end and, in amperes, the supply's draw over time. The \
      lower bound is what no plan can beat: the longest single move, the total move time \
      over the most modules allowed at once, and in amperes the total charge over what the \
      supply leaves for moving modules.
      """)

  @Option(
    help: ArgumentHelp(
      "The board file (YAML); default: the built-in sim-6x22, the board of clack sim.",
      valueName: "file"))
  var board: String?

  @Option(help: "The text the board shows now.")
  var from: String

  @Option(help: "The text to show.")
  var to: String

  @Option(
    help: ArgumentHelp(
      "fastest (default), reveal, column, reverse-column, edges-to-center, row, diagonal or random.",
      valueName: "name"))
  var transition: Transition.Kind = .fastest

  @Option(help: "Modules started per step, for the Vestaboard strategies (1-132).")
  var stepSize = 1

  @Option(help: "Milliseconds between steps, for the Vestaboard strategies (1-3000).")
  var stepIntervalMs = 50

  @Option(help: "Seed of the random order.")
  var seed: UInt64 = 0

  @Option(
    help:
      "Move at most this many modules at once (instead of power.max_moving; a supply still holds).")
  var budget: Int?

  @Flag(help: "Print the plan as JSON.")
  var json = false

  func validate() throws {
    guard (1...132).contains(stepSize) else {
      throw ValidationError("--step-size must be from 1 to 132, not \(stepSize)")
    }
    guard (1...3000).contains(stepIntervalMs) else {
      throw ValidationError("--step-interval-ms must be from 1 to 3000, not \(stepIntervalMs)")
    }
    if let budget, budget < 1 { throw ValidationError("--budget must be at least 1") }
  }

  func run() throws {
    print(try output(), terminator: "")
  }

  func output() throws -> String {
    let definition =
      try board.map { path throws(BoardFileError) in
        try BoardDefinition.load(path: path)
      } ?? BuiltinBoard.load()
    let planner = Planner(board: definition, budget: budget)
    let before = try flaps(from, "--from", definition)
    let after = try flaps(to, "--to", definition)
    let plan = planner.plan(
      fromFlaps: before, to: after,
      transition: Transition(
        transition, stepSize: stepSize, stepIntervalMilliseconds: stepIntervalMs, seed: seed))
    return json
      ? Self.json(plan, flapSet: definition.flapSet, supply: planner.draw?.supply)
      : Self.summary(plan, moduleCount: definition.moduleCount, supply: planner.draw?.supply)
  }

  private func flaps(_ text: String, _ option: String, _ board: BoardDefinition) throws -> [Int] {
    let laid: LaidOutText
    do {
      laid = try board.layout.layout(text.replacingOccurrences(of: "\\n", with: "\n"))
    } catch {
      throw CommandFailure("\(option): \(error)")
    }
    guard let flaps = board.flaps(for: laid.frame) else {
      throw CommandFailure("\(option): the text does not fit board '\(board.name)'")
    }
    return flaps
  }

  static func milliseconds(_ micros: Int) -> String {
    let whole = micros / 1000
    let tenths = (micros % 1000) / 100
    return "\(whole).\(tenths)"
  }

  static func summary(_ plan: Plan, moduleCount: Int, supply: PowerSupply? = nil) -> String {
    let movers = plan.moves.filter(\.moves).count
    let start =
      "\(movers) of \(moduleCount) modules move; the change takes "
      + "\(milliseconds(plan.makespanMicroseconds)) ms (lower bound \(milliseconds(plan.lowerBoundMicroseconds)) ms), "
    guard let supply, let peak = plan.peakMilliamps else {
      return start + "with at most \(plan.maxConcurrent) of \(plan.budget) allowed moving at once\n"
    }
    return start
      + "with at most \(plan.maxConcurrent) moving at once, drawing at most "
      + "\(PowerSupply.amperes(peak)) of the supply's \(PowerSupply.amperes(supply.supplyMilliamps))\n"
  }

  static func json(_ plan: Plan, flapSet: FlapSet, supply: PowerSupply? = nil) -> String {
    func symbol(_ index: Int) -> String { flapSet.symbols[index].notation }
    func ms(_ micros: Int) -> Double { Double(micros / 100) / 10 }
    let answer = PlanJSON(
      makespanMs: ms(plan.makespanMicroseconds), lowerBoundMs: ms(plan.lowerBoundMicroseconds),
      budget: plan.budget, maxConcurrent: plan.maxConcurrent,
      supplyAmps: supply.map { Double($0.supplyMilliamps) / 1000 },
      peakAmps: plan.peakMilliamps.map { Double($0) / 1000 },
      current: supply == nil
        ? nil
        : plan.current.map {
          PlanJSON.Current(atMs: ms($0.startMicroseconds), amps: Double($0.milliamps) / 1000)
        },
      modules: plan.moves.map { move in
        PlanJSON.Module(
          row: move.row, col: move.col, from: symbol(move.from), to: symbol(move.to),
          flaps: move.flaps, steps: move.steps, startMs: ms(move.startMicroseconds),
          endMs: ms(move.endMicroseconds),
          segments: move.segments.map {
            PlanJSON.Segment(
              startMs: ms($0.startMicroseconds), endMs: ms($0.endMicroseconds), steps: $0.steps)
          })
      })
    return WireJSON.text(answer) + "\n"
  }
}

/// `clack plan --json`: the plan, with each module's segments, so anyone can check the power
/// from the output: in modules, at no instant more than `budget` segments run; in amperes,
/// `current` gives the supply's draw over time, never above `supply_amps`.
struct PlanJSON: Codable {
  /// The supply's draw from `at_ms` until the next entry (the last: the board at rest).
  struct Current: Codable {
    var atMs: Double
    var amps: Double
    enum CodingKeys: String, CodingKey {
      case amps
      case atMs = "at_ms"
    }
  }

  struct Segment: Codable {
    var startMs: Double
    var endMs: Double
    var steps: Int
    enum CodingKeys: String, CodingKey {
      case steps
      case startMs = "start_ms"
      case endMs = "end_ms"
    }
  }

  struct Module: Codable {
    var row: Int
    var col: Int
    var from: String
    var to: String
    var flaps: Int
    var steps: Int
    var startMs: Double
    var endMs: Double
    /// The continuous motions: none when the module stays, two for a move the planner split.
    var segments: [Segment]
    enum CodingKeys: String, CodingKey {
      case row, col, from, to, flaps, steps, segments
      case startMs = "start_ms"
      case endMs = "end_ms"
    }
  }

  var makespanMs: Double
  var lowerBoundMs: Double
  var budget: Int
  var maxConcurrent: Int
  /// In amperes only (absent otherwise).
  var supplyAmps: Double?
  var peakAmps: Double?
  var current: [Current]?
  var modules: [Module]
  enum CodingKeys: String, CodingKey {
    case budget, modules, current
    case supplyAmps = "supply_amps"
    case peakAmps = "peak_amps"
    case makespanMs = "makespan_ms"
    case lowerBoundMs = "lower_bound_ms"
    case maxConcurrent = "max_concurrent"
  }
}

extension Transition.Kind: ExpressibleByArgument {}
