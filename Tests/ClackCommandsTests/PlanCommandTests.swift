import ArgumentParser
import Foundation
import Testing

@testable import ClackCommands

@Suite struct PlanCommandTests {
  let sim = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../boards/sim-6x22.yaml").standardized.path

  @Test func jsonHasTheDocumentedFieldsForEveryModule() throws {
    let plan = try parse(
      PlanCommand.self, ["plan", "--board", sim, "--from", "hello", "--to", "world", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try plan.output().utf8)) as? [String: Any])
    let makespan = try #require(object["makespan_ms"] as? Double)
    let lowerBound = try #require(object["lower_bound_ms"] as? Double)
    #expect(makespan >= lowerBound && lowerBound > 0)
    #expect(object["budget"] as? Int == 12)
    #expect((object["max_concurrent"] as? Int).map { $0 <= 12 } == true)
    // The default board gives its supply: the plan is in amperes.
    #expect(object["supply_amps"] as? Double == 2.5)
    let peak = try #require(object["peak_amps"] as? Double)
    #expect(peak > 0.528 && peak <= 2.5)
    let modules = try #require(object["modules"] as? [[String: Any]])
    #expect(modules.count == 132)
    let moved = modules.filter { ($0["flaps"] as? Int ?? 0) > 0 }
    #expect(!moved.isEmpty)
    for module in modules {
      for key in ["row", "col", "from", "to", "flaps", "start_ms", "end_ms"] {
        #expect(module[key] != nil, "missing \(key)")
      }
    }
    // "HELLO" and "WORLD" are both centred on row 2 from column 8: the L in column 11 stays.
    let stay = try #require(modules.first { $0["row"] as? Int == 2 && $0["col"] as? Int == 11 })
    #expect(stay["from"] as? String == "L" && stay["flaps"] as? Int == 0)
  }

  /// The segments in --json are enough to check a budget in modules: at no instant do more
  /// than `budget` of them run (chainlink-6x18 gives max_moving, no supply).
  @Test func jsonListsEverySegmentWithinTheBudget() throws {
    let chainlink = sim.replacingOccurrences(of: "sim-6x22", with: "chainlink-6x18")
    let plan = try parse(
      PlanCommand.self,
      [
        "plan", "--board", chainlink, "--from", "hello world", "--to", "split flap",
        "--transition", "reveal", "--json",
      ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try plan.output().utf8)) as? [String: Any])
    let budget = try #require(object["budget"] as? Int)
    #expect(budget == 18)
    #expect(object["current"] == nil && object["supply_amps"] == nil, "no supply, no amperes")
    let modules = try #require(object["modules"] as? [[String: Any]])
    #expect(modules.count == 108)
    let (peak, split) = try Self.mostRunning(modules)
    #expect(split > 0, "reveal splits moves into an approach and a final step")
    #expect(peak <= budget, "\(peak) segments run at once; the budget is \(budget)")
    #expect(peak == object["max_concurrent"] as? Int)
  }

  /// In amperes --json gives the supply's draw over time: from the start, ending with the board
  /// at rest (every module idle), never above the supply, its highest `peak_amps`.
  /// Without --board, plan uses the built-in board (clack sim's).
  @Test func jsonGivesTheCurrentOverTimeWithinTheSupply() throws {
    let plan = try parse(
      PlanCommand.self,
      ["plan", "--from", "hello world", "--to", "split flap", "--transition", "reveal", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try plan.output().utf8)) as? [String: Any])
    let supply = try #require(object["supply_amps"] as? Double)
    let current = try #require(object["current"] as? [[String: Double]])
    let amps = current.compactMap { $0["amps"] }
    let times = current.compactMap { $0["at_ms"] }
    #expect(amps.count == current.count && times == times.sorted())
    // Moves start at once; once the last has settled the board is at rest, 132 modules idle
    // at 4 mA.
    #expect(times.first == 0 && (amps.first ?? 0) > 0.528 && amps.last == 0.528)
    #expect(amps.allSatisfy { $0 <= supply })
    #expect(amps.max() == object["peak_amps"] as? Double)
    let modules = try #require(object["modules"] as? [[String: Any]])
    let (peak, _) = try Self.mostRunning(modules)
    #expect(peak == object["max_concurrent"] as? Int)
  }

  /// The most segments running at once, and how many moves are split.
  static func mostRunning(_ modules: [[String: Any]]) throws -> (peak: Int, split: Int) {
    var events: [(time: Double, delta: Int)] = []
    var split = 0
    for module in modules {
      let segments = try #require(module["segments"] as? [[String: Any]])
      if segments.count == 2 { split += 1 }
      for segment in segments where (segment["steps"] as? Int ?? 0) > 0 {
        let start = try #require(segment["start_ms"] as? Double)
        let end = try #require(segment["end_ms"] as? Double)
        #expect(end > start)
        events += [(start, 1), (end, -1)]
      }
    }
    events.sort { $0.time != $1.time ? $0.time < $1.time : $0.delta < $1.delta }
    var running = 0
    var peak = 0
    for event in events {
      running += event.delta
      peak = max(peak, running)
    }
    return (peak, split)
  }

  @Test func theSummarySaysHowLongAndHowMany() throws {
    let plan = try parse(
      PlanCommand.self,
      ["plan", "--board", sim, "--from", "a", "--to", "b", "--transition", "reveal"])
    let output = try plan.output()
    #expect(output.hasPrefix("1 of 132 modules move; the change takes "))
    // One module moving: 0.528 A idle and 0.161 A more while it ramps.
    #expect(
      output.contains(
        "with at most 1 moving at once, drawing at most 0.689 A of the supply's 2.5 A"))
    let chainlink = sim.replacingOccurrences(of: "sim-6x22", with: "chainlink-6x18")
    let inModules = try parse(
      PlanCommand.self, ["plan", "--board", chainlink, "--from", "a", "--to", "b"])
    #expect(try inModules.output().contains("with at most 1 of 18 allowed moving at once"))
  }

  @Test func badInputIsRefusedClearly() throws {
    #expect(throws: (any Error).self) {
      try ClackCommand.parseAsRoot([
        "plan", "--board", sim, "--from", "a", "--to", "b", "--transition", "sideways",
      ])
    }
    #expect(throws: (any Error).self) {
      try ClackCommand.parseAsRoot([
        "plan", "--board", sim, "--from", "a", "--to", "b", "--step-size", "0",
      ])
    }
    let unsupported = try parse(
      PlanCommand.self, ["plan", "--board", sim, "--from", "a", "--to", "x~y"])
    do {
      _ = try unsupported.output()
      Issue.record("'~' is not a Vestaboard flap")
    } catch {
      #expect("\(error)".hasPrefix("--to: 1 character cannot be shown"))
    }
  }
}
