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

  @Test func theSummarySaysHowLongAndHowMany() throws {
    let plan = try parse(
      PlanCommand.self,
      ["plan", "--board", sim, "--from", "a", "--to", "b", "--transition", "reveal"])
    let output = try plan.output()
    #expect(output.hasPrefix("1 of 132 modules move; the change takes "))
    #expect(output.contains("with at most 1 of 12 allowed moving at once"))
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
      PlanCommand.self, ["plan", "--board", sim, "--from", "a", "--to", "x;y"])
    do {
      _ = try unsupported.output()
      Issue.record("';' is not on a 52-flap module")
    } catch {
      #expect("\(error)".hasPrefix("--to: 1 character cannot be shown"))
    }
  }
}
