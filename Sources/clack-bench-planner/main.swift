// clack-bench-planner: how close the planner's `fastest` transition comes to the lower bound
// LB = max(longest move, total move time / modules allowed at once, and in amperes total
// charge / the supply's headroom), over transitions between the quotes of consecutive days on
// a board, beside `column` and a naive row-major first-come-first-served plan. On a board
// that gives its supply it also checks every plan's peak draw against the supply. Run by
// scripts/bench-planner.sh (release build).
//
// Usage: clack-bench-planner BOARD.yaml [TRANSITIONS]
import ClackBoard
import ClackCore
import ClackScheduler
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: clack-bench-planner BOARD.yaml [TRANSITIONS]\n".utf8))
  exit(2)
}
let board: BoardDefinition
do {
  board = try BoardDefinition.load(path: arguments[1])
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(2)
}
let transitions = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
let planner = Planner(board: board)
let formatter = QuoteFormatter(layout: board.layout)
let calendar = QuoteOfTheDay()

/// The flap each module shows for a quote.
func flaps(for quote: Quote) -> [Int] {
  guard let frame = try? formatter.frame(for: quote, lenient: true).frame,
    let flaps = board.flaps(for: frame)
  else { return Array(repeating: 0, count: board.moduleCount) }
  return flaps
}

struct Ratios {
  var sum = 0.0
  var worst = 0.0
  var count = 0
  mutating func add(_ ratio: Double) {
    sum += ratio
    worst = max(worst, ratio)
    count += 1
  }
  var average: Double { count == 0 ? 0 : sum / Double(count) }
}

let strategies: [(String, Transition)] = [
  ("fastest", Transition(.fastest)),
  ("column", Transition(.column, stepSize: board.rows, stepIntervalMilliseconds: 50)),
  (
    "naive row-major FCFS",
    Transition(.row, stepSize: board.moduleCount, stepIntervalMilliseconds: 0)
  ),
]
var ratios = Array(repeating: Ratios(), count: strategies.count)
var makespans = Array(repeating: 0.0, count: strategies.count)
var planTime = Duration.zero
var peakMilliamps = 0
var overSupply = 0
let clock = ContinuousClock()
let start = CivilDate(year: 2026, month: 1, day: 1)!  // safe: a valid literal date
var current = flaps(for: calendar.quote(on: start)!)  // safe: the bundled pool is not empty
var counted = 0
for day in 1...transitions {
  let next = flaps(for: calendar.quote(on: start.adding(days: day))!)  // safe: as above
  for (index, (_, transition)) in strategies.enumerated() {
    let began = clock.now
    let plan = planner.plan(fromFlaps: current, to: next, transition: transition)
    if index == 0 { planTime += clock.now - began }
    if let peak = plan.peakMilliamps {
      peakMilliamps = max(peakMilliamps, peak)
      if peak > board.supply?.supplyMilliamps ?? Int.max { overSupply += 1 }
    }
    guard plan.lowerBoundMicroseconds > 0 else { continue }
    ratios[index].add(Double(plan.makespanMicroseconds) / Double(plan.lowerBoundMicroseconds))
    makespans[index] += Double(plan.makespanMicroseconds) / 1_000_000
  }
  counted += 1
  current = next
}

func percent(_ ratio: Double) -> String { String(format: "%+.2f%%", (ratio - 1) * 100) }
print("planner benchmark: \(counted) transitions between consecutive days' quotes on \(board.name)")
print(
  "  \(board.moduleCount) modules, budget \(planner.budget), \(board.motion.startSpeed)-\(board.motion.topSpeed) steps/s"
)
if let supply = board.supply {
  print(
    "  in amperes: supply \(PowerSupply.amperes(supply.supplyMilliamps)), a module \(PowerSupply.amperes(supply.ramping)) ramping, \(PowerSupply.amperes(supply.cruising)) cruising, \(PowerSupply.amperes(supply.holding)) holding, \(PowerSupply.amperes(supply.idle)) idle; at most \(planner.countLimit) moving"
  )
}
print("  strategy               makespan/LB avg   worst     mean makespan")
for (index, (name, _)) in strategies.enumerated() {
  let r = ratios[index]
  let padded = name.padding(toLength: 22, withPad: " ", startingAt: 0)
  print(
    "  \(padded) \(percent(r.average).padding(toLength: 17, withPad: " ", startingAt: 0)) \(percent(r.worst).padding(toLength: 9, withPad: " ", startingAt: 0)) \(String(format: "%.2f s", makespans[index] / Double(max(1, r.count))))"
  )
}
let perPlan =
  Double(planTime.components.attoseconds) / 1e12 / Double(max(1, counted)) + Double(
    planTime.components.seconds) * 1e6 / Double(max(1, counted))
print(String(format: "  planning time (fastest): %.1f µs per plan", perPlan))
if let supply = board.supply {
  print(
    "  peak draw of any plan: \(PowerSupply.amperes(peakMilliamps)) of \(PowerSupply.amperes(supply.supplyMilliamps)); plans over the supply: \(overSupply)"
  )
}
let fastest = ratios[0]
let goal = fastest.average <= 1.02 && fastest.worst <= 1.05 && overSupply == 0
print(
  "goal (fastest within 2% of LB on average, 5% at worst; no plan over the supply): \(goal ? "met" : "NOT met")"
)
exit(goal ? 0 : 1)
