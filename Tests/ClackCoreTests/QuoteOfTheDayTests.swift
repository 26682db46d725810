import Testing

@testable import ClackCore

@Suite struct QuoteOfTheDayTests {
  let qotd = QuoteOfTheDay()

  @Test func theSameDateGivesTheSameQuoteInEveryInstance() throws {
    let date = try #require(CivilDate(iso: "2026-11-22"))
    #expect(qotd.quote(on: date) == QuoteOfTheDay().quote(on: date))
  }

  @Test func noQuoteRepeatsWithinAny365ConsecutiveDaysOverSeveralYears() throws {
    let start = try #require(CivilDate(iso: "2024-01-01"))
    var lastSeen: [Quote: Int] = [:]
    var closest = Int.max
    for offset in 0..<(365 * 8) {
      let quote = try #require(qotd.quote(on: start.adding(days: offset)))
      if let previous = lastSeen[quote] { closest = min(closest, offset - previous) }
      lastSeen[quote] = offset
    }
    #expect(closest >= 365, "a quote came back after only \(closest) days")
  }

  @Test func everyBundledQuoteGetsItsDay() throws {
    let start = try #require(CivilDate(iso: "2030-06-01"))
    let shown = Set((0..<qotd.pool.count).compactMap { qotd.quote(on: start.adding(days: $0)) })
    #expect(shown.count == qotd.pool.count)
  }

  @Test func consecutiveDaysAreShuffledNotInLibraryOrder() throws {
    let start = try #require(CivilDate(iso: "2026-01-01"))
    let authors = (0..<30).compactMap { qotd.quote(on: start.adding(days: $0))?.author }
    let sameAsNext = zip(authors, authors.dropFirst()).filter { $0 == $1 }.count
    #expect(sameAsNext < 10)
  }

  @Test func anEmptyPoolHasNoQuote() throws {
    #expect(QuoteOfTheDay(pool: []).quote(on: try #require(CivilDate(iso: "2026-01-01"))) == nil)
  }

  @Test func datesBeforeTheEpochWork() throws {
    let date = try #require(CivilDate(iso: "1969-12-31"))
    #expect(date.daysSinceEpoch == -1)
    #expect(qotd.quote(on: date) != nil)
  }
}

@Suite struct CivilDateTests {
  @Test func roundTripsOverFourCenturies() {
    for days in stride(from: -200_000, through: 200_000, by: 37) {
      let date = CivilDate(daysSinceEpoch: days)
      #expect(date.daysSinceEpoch == days)
      #expect(CivilDate(year: date.year, month: date.month, day: date.day) == date)
    }
  }

  @Test func knownDates() {
    #expect(CivilDate(iso: "2000-03-01")?.daysSinceEpoch == 11_017)
    #expect(CivilDate(iso: "2024-02-29") != nil)
    #expect(CivilDate(iso: "2023-02-29") == nil)
    #expect(CivilDate(iso: "2026-13-01") == nil)
    #expect(CivilDate(iso: "26-1-1") == nil)
    #expect(CivilDate(daysSinceEpoch: 0).description == "1970-01-01")
  }
}

@Suite struct QuoteShufflerTests {
  @Test func drawsEveryQuoteOnceBeforeAnyRepeats() {
    var shuffler = QuoteShuffler(poolSize: 50)
    var generator = SplitMix64(seed: 7)
    for _ in 0..<5 {
      let round = (0..<50).compactMap { _ in shuffler.next(using: &generator) }
      #expect(Set(round).count == 50)
    }
  }

  @Test func neverRepeatsAcrossARoundBoundary() {
    var generator = SplitMix64(seed: 3)
    for size in [2, 3, 5] {
      var shuffler = QuoteShuffler(poolSize: size)
      var previous: Int? = nil
      for _ in 0..<200 {
        let next = shuffler.next(using: &generator)
        #expect(next != previous)
        previous = next
      }
    }
  }

  @Test func anEmptyPoolGivesNothing() {
    var shuffler = QuoteShuffler(poolSize: 0)
    var generator = SplitMix64(seed: 1)
    #expect(shuffler.next(using: &generator) == nil)
  }

  @Test func splitMixIsFixedBySeed() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 42)
    #expect((0..<10).map { _ in a.next() } == (0..<10).map { _ in b.next() })
    var c = SplitMix64(seed: 0)
    #expect(c.next() == 0xE220_A839_7B1D_CDAF)  // the reference SplitMix64 output for seed 0
  }
}
