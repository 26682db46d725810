import ClackBoard
import Testing

@testable import ClackDaemon

/// The fault lines of the log: one a module, one a kind when many fault at once, and a
/// fault that keeps coming back counted instead of logged each time.
@Suite struct FaultWatchTests {
  let board = try! BoardDefinition.parse(
    yaml: "name: wall\ngeometry: {rows: 6, cols: 22}\nflaps: splitflap-52\n", file: "wall.yaml")

  func bus(_ module: Int) -> FaultWatch.Fault {
    FaultWatch.Fault(
      message: "does not answer (5 tries in a row): i2c 0x\(module): timed out",
      kind: "bus(timedOut)")
  }

  func look(_ watch: inout FaultWatch, _ seen: [Int: FaultWatch.Fault], _ now: Double) -> (
    appeared: [String], cleared: [String]
  )? {
    watch.look(at: seen, board: board, now: now)
  }

  @Test func aFewFaultsHaveALineEach() throws {
    var watch = FaultWatch()
    let change = try #require(
      look(&watch, [3: bus(3), 4: bus(4)], 0))
    #expect(
      change.appeared == [
        "module 3 (row 1, column 4): does not answer (5 tries in a row): i2c 0x3: timed out",
        "module 4 (row 1, column 5): does not answer (5 tries in a row): i2c 0x4: timed out",
      ])
    #expect(watch.summary == "; 2 modules faulted")
    #expect(look(&watch, [3: bus(3), 4: bus(4)], 1) == nil)
    let cleared = try #require(look(&watch, [:], 2))
    #expect(
      cleared.cleared == [
        "module 3 (row 1, column 4): fault cleared", "module 4 (row 1, column 5): fault cleared",
      ])
  }

  @Test func aBusGoneIsOneLineForItsSixtySixModules() throws {
    var watch = FaultWatch()
    var seen: [Int: FaultWatch.Fault] = [:]
    for module in 66..<132 { seen[module] = bus(module) }
    seen[9] = FaultWatch.Fault(message: "no home pulse found", kind: "homeNotFound")
    let change = try #require(look(&watch, seen, 0))
    #expect(
      change.appeared == [
        "1 module faulted alike, modules 9; the first, module 9 (row 1, column 10): no home pulse found",
        "66 modules faulted alike, modules 66–131; the first, module 66 (row 4, column 1): "
          + "does not answer (5 tries in a row): i2c 0x66: timed out",
      ])
    #expect(watch.summary == "; 67 modules faulted")
    // When the bus comes back, its modules' clearing is one line too (a notice).
    let back = try #require(look(&watch, [9: seen[9]!], 2))
    #expect(back.cleared == ["66 modules' faults cleared, modules 66–131"])
  }

  @Test func aFaultThatKeepsComingBackIsCountedNotLogged() throws {
    var watch = FaultWatch()
    #expect(look(&watch, [5: bus(5)], 0)?.appeared.count == 1)
    #expect(look(&watch, [:], 10)?.cleared.count == 1)
    // Back within ten minutes, three times: counted, and its clearing unlogged too.
    for minute in 1...3 {
      let again = try #require(look(&watch, [5: bus(5)], Double(minute) * 60))
      #expect(again.appeared.isEmpty && again.cleared.isEmpty)
      let gone = try #require(look(&watch, [:], Double(minute) * 60 + 5))
      #expect(gone.appeared.isEmpty && gone.cleared.isEmpty)
    }
    #expect(watch.summary == "")
    let later = try #require(look(&watch, [5: bus(5)], 601))
    #expect(
      later.appeared == [
        "module 5 (row 1, column 6): does not answer (5 tries in a row): i2c 0x5: timed out"
          + " (and 3 times more since its last line)"
      ])
  }
}
