import ClackBoard
import ClackCore
import Testing

@testable import ClackScheduler

@Suite struct PlannerQualityTests {
  /// The flap each module shows for a quote on `board`.
  func flaps(_ quote: Quote, on board: BoardDefinition) throws -> [Int] {
    let frame = try QuoteFormatter(layout: board.layout).frame(for: quote, lenient: true).frame
    return try #require(board.flaps(for: frame))
  }

  @Test func fastestStaysWithinTwoPercentOfTheLowerBoundBetweenRealQuotesInModules() throws {
    let board = try simBoardInModules()
    let planner = Planner(board: board)
    let calendar = QuoteOfTheDay()
    let start = try #require(CivilDate(iso: "2027-03-01"))
    var current = try flaps(try #require(calendar.quote(on: start)), on: board)
    var sum = 0.0
    var worst = 0.0
    let days = 300
    for day in 1...days {
      let next = try flaps(try #require(calendar.quote(on: start.adding(days: day))), on: board)
      let plan = planner.plan(fromFlaps: current, to: next)
      #expect(plan.maxConcurrent <= planner.budget)
      let ratio = Double(plan.makespanMicroseconds) / Double(plan.lowerBoundMicroseconds)
      sum += ratio
      worst = max(worst, ratio)
      current = next
    }
    #expect(sum / Double(days) <= 1.02, "average \(sum / Double(days))")
    #expect(worst <= 1.05, "worst \(worst)")
  }

  /// In amperes the default board moves more modules at once while they cruise than its 12 at
  /// full draw: its changes are shorter than in modules, and never over the supply.
  @Test func inAmperesChangesBetweenRealQuotesAreShorterAndWithinTheSupply() throws {
    let board = try simBoard()
    let supply = try #require(board.supply)
    let amperes = Planner(board: board)
    let modules = Planner(board: try simBoardInModules())
    #expect(amperes.budget == 12 && modules.budget == 12)
    let calendar = QuoteOfTheDay()
    let start = try #require(CivilDate(iso: "2027-03-01"))
    var current = try flaps(try #require(calendar.quote(on: start)), on: board)
    var (inAmperes, inModules, mostMoving) = (0, 0, 0)
    for day in 1...60 {
      let next = try flaps(try #require(calendar.quote(on: start.adding(days: day))), on: board)
      let plan = amperes.plan(fromFlaps: current, to: next)
      #expect(try #require(plan.peakMilliamps) <= supply.supplyMilliamps)
      #expect(plan.makespanMicroseconds >= plan.lowerBoundMicroseconds)
      inAmperes += plan.makespanMicroseconds
      inModules += modules.plan(fromFlaps: current, to: next).makespanMicroseconds
      mostMoving = max(mostMoving, plan.maxConcurrent)
      current = next
    }
    #expect(mostMoving > 12, "never more than 12 moving: the amperes were not used")
    #expect(
      inAmperes * 100 <= inModules * 85, "in amperes \(inAmperes) µs, in modules \(inModules) µs")
  }

  @Test func splitMovesRestBetweenTheirParts() throws {
    let board = try simBoardInModules()
    let planner = Planner(board: board)
    var random = SplitMix64(seed: 77)
    var splits = 0
    for _ in 0..<30 {
      let from = randomFrame(132, flaps: 52, &random)
      let to = randomFrame(132, flaps: 52, &random)
      for move in planner.plan(fromFlaps: from, to: to).moves where move.segments.count == 2 {
        splits += 1
        #expect(move.segments[0].endMicroseconds <= move.segments[1].startMicroseconds)
      }
    }
    #expect(splits > 0, "the wrap-around schedule was never used")
  }
}
