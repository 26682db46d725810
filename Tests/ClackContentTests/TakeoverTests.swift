import ClackContent
import ClackCore
import Foundation
import Testing

@testable import ClackContent

/// Entries shown `while` a source holds something (docs/content.md): a "starting soon" page
/// takes its zone from the run of show, and at priority high from messages too, for as long
/// as its source says, then gives it back.
@Suite struct TakeoverTests {
  static let soon = Page(
    name: "soon", template: .text("SOON {{what}}"),
    fields: ["what": .source("work", path: try! JSONPath("soon.summary"))])

  static func rules(
    priority: EntryPriority = .normal, extra: [ScheduleEntry] = [], quiet: QuietHours? = nil
  ) -> ContentRules {
    ContentRules(
      zones: [whole],
      schedules: [
        ScheduleEntry(cadence: .rotation, content: .text("NEWS"), dwell: 600),
        ScheduleEntry(cadence: .rotation, content: .text("SPORT"), dwell: 600),
        ScheduleEntry(
          cadence: .holds(try! SourceCondition("work.soon")), content: .page(soon),
          priority: priority),
      ] + extra, quietHours: quiet, dwell: 60, timeZone: utc)
  }

  static let soonData: SourceSnapshot = [
    "work": SourceFieldTests.reading(#"{"next": [{"summary": "GYM"}], "soon": {"summary": "GYM"}}"#)
  ]
  static let laterData: SourceSnapshot = [
    "work": SourceFieldTests.reading(#"{"next": [{"summary": "GYM"}]}"#)
  ]

  /// The rig after `seconds`, with the engine seeing `readings` first (as the display's
  /// content pass does before each decision).
  @discardableResult
  static func step(_ rig: ContentRig, _ seconds: TimeInterval = 0, _ readings: SourceSnapshot)
    throws -> ContentDecision
  {
    rig.engine.observe(readings, now: rig.now + seconds)
    return try rig.step(seconds)
  }

  @Test func aConditionReadsItsSourceAndPath() throws {
    let condition = try SourceCondition("work.soon")
    #expect(condition.source == "work")
    #expect(condition.path?.description == "soon")
    #expect(condition.holds(in: Self.soonData))
    #expect(!condition.holds(in: Self.laterData), "no 'soon': nothing holds")
    #expect(!condition.holds(in: [:]), "a source with no data yet holds nothing")
    #expect(try SourceCondition("feed[0]").path?.description == "[0]")
    #expect(try SourceCondition("house").path == nil)
    let values: [(String, Bool)] = [
      ("null", false), ("false", false), ("true", true), ("0", false), ("2", true),
      ("0.0", false), (#""""#, false), (#""on""#, true), ("[]", false), ("[1]", true),
      ("{}", false), (#"{"a": 1}"#, true),
    ]
    for (json, holds) in values {
      let readings = ["s": SourceFieldTests.reading(#"{"v": \#(json)}"#)]
      #expect(try SourceCondition("s.v").holds(in: readings) == holds, "\(json)")
    }
    let stale = ["work": SourceFieldTests.reading(#"{"soon": 1}"#, problem: "timed out")]
    #expect(condition.holds(in: stale), "a stale source holds what its last good data had")
    for (text, message) in [
      (".soon", "while: must start with a source's name, such as work.soon (source work)"),
      ("work.", "while: 'work.' ends before its path: write work.PATH"),
    ] {
      do {
        _ = try SourceCondition(text)
        Issue.record("accepted \(text)")
      } catch {
        #expect(error.description == message)
      }
    }
    #expect(throws: RunOfShowError.self) { try SourceCondition("work.soon[") }
  }

  @Test func aConditionComparesTheTextAtItsPath() throws {
    let door = try SourceCondition("house.binary_sensor.front_door.state = on")
    #expect(door.source == "house" && door.test == .equals("on"))
    #expect(door.path?.description == "binary_sensor.front_door.state")
    let state = { (value: String) -> SourceSnapshot in
      [
        "house": SourceFieldTests.reading(
          #"{"binary_sensor": {"front_door": {"state": "\#(value)"}}}"#)
      ]
    }
    #expect(door.holds(in: state("on")))
    #expect(!door.holds(in: state("off")), "'off' is something, but not 'on'")
    let notOff = try SourceCondition("house.binary_sensor.front_door.state!=off")
    #expect(notOff.test == .differs("off"))
    #expect(notOff.holds(in: state("on")) && !notOff.holds(in: state("off")))
    #expect(!notOff.holds(in: [:]), "no data yet: nothing holds, not even a difference")
    let count = try SourceCondition("work.today_count = 3")
    #expect(count.holds(in: ["work": SourceFieldTests.reading(#"{"today_count": 3}"#)]))
    let keyed = try SourceCondition(#"s["a=b"] = x"#)
    #expect(keyed.path?.description == #"["a=b"]"#, "an = inside brackets is the key's")
    #expect(keyed.holds(in: ["s": SourceFieldTests.reading(#"{"a=b": "x"}"#)]))
    do {
      _ = try SourceCondition("house.door =")
      Issue.record("accepted a test with nothing to compare")
    } catch {
      #expect(
        error.description
          == "while: 'house.door =' has nothing after '=': write such as "
          + "house.sensor.door.state = on")
    }
  }

  @Test func itTakesTheZoneFromTheRotationWhileItHoldsThenTheRotationGoesOn() throws {
    let rig = try ContentRig(Self.rules())
    try Self.step(rig, 0, Self.laterData)
    #expect(RunOfShowTests.shown(rig) == 0)
    let takeover = try Self.step(rig, 100, Self.soonData)
    #expect(rig.source() == .scheduled(index: 2, firedAt: monday + 100), "at once, mid-dwell")
    #expect(takeover.changed == ["main"])
    #expect(rig.engine.program(of: "main").showing == 2, "the report shows it on show")
    #expect(rig.engine.hold(ofEntry: 2) == nil, "it holds while its source says so")
    try Self.step(rig, 1000, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 2, "no dwell ends it")
    try Self.step(rig, 1, Self.laterData)
    #expect(RunOfShowTests.shown(rig) == 1, "it gives the zone back; the rotation goes on")
  }

  @Test func atPriorityNormalItWaitsForMessages() throws {
    let rig = try ContentRig(Self.rules())
    try Self.step(rig, 0, Self.laterData)
    let news = try rig.send("HELLO", expiresIn: 300)
    try Self.step(rig, 1, Self.laterData)
    let decision = try Self.step(rig, 100, Self.soonData)
    #expect(rig.source() == .message(news), "the message keeps the zone")
    #expect(decision.interrupted.isEmpty)
    try Self.step(rig, 200, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 2, "once it expires the entry takes the zone")
  }

  /// A rig whose entry shown `while` is of priority high, with a message on show since a
  /// second ago (its dwell is 60 s).
  static func messageOnShowBeforeAHighEntry() throws -> (ContentRig, Int64) {
    let rig = try ContentRig(Self.rules(priority: .high))
    try Self.step(rig, 0, Self.laterData)
    let news = try rig.send("HELLO")
    try Self.step(rig, 1, Self.laterData)
    return (rig, news)
  }

  @Test func atPriorityHighItInterruptsAMessageWhichComesBackAfter() throws {
    let (rig, news) = try Self.messageOnShowBeforeAHighEntry()
    let decision = try Self.step(rig, 10, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 2, "it takes the zone from the message at once")
    #expect(decision.interrupted == [news])
    #expect(decision.finished.isEmpty)
    #expect(try rig.store.message(id: news)?.state == .queued)
    let newer = try rig.send("NEWER", from: "bob")
    try Self.step(rig, 30, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 2, "a message that comes meanwhile waits too")
    #expect(try rig.store.message(id: newer)?.state == .queued)
    let urgent = try rig.send("FIRE", from: "ops", urgent: true, duration: 20)
    try Self.step(rig, 1, Self.soonData)
    #expect(rig.source() == .message(urgent), "an urgent message still comes first")
    try Self.step(rig, 20, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 2, "and it takes the zone back after")
    try Self.step(rig, 60, Self.laterData)
    #expect(rig.source() == .message(newer), "then the newest message, as ever")
  }

  @Test func aMessageOnShowPastItsTimeIsReplacedNotInterrupted() throws {
    let (rig, news) = try Self.messageOnShowBeforeAHighEntry()
    let decision = try Self.step(rig, 120, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 2)
    #expect(decision.interrupted.isEmpty, "it had its dwell (60 s) already")
    #expect(decision.finished == [news])
  }

  @Test func newDataRedrawItAndAPageOfTheTimeIsDrawnEachMinute() throws {
    let rig = try ContentRig(Self.rules())
    try Self.step(rig, 0, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 2)
    #expect(rig.engine.nextChange(after: rig.now) == nil, "nothing of the time: no wake")
    rig.engine.sourcesChanged(["work"], now: rig.now + 5)
    #expect(try Self.step(rig, 5, Self.soonData).changed == ["main"], "drawn again in place")
    #expect(try Self.step(rig, 5, Self.soonData).changed.isEmpty)

    let clockPage = Page(name: "in", template: .text("{{time}} {{what}}"), fields: Self.soon.fields)
    var rules = Self.rules()
    rules.schedules[2].content = .page(clockPage)
    let timed = try ContentRig(rules)
    try Self.step(timed, 30, Self.soonData)
    #expect(timed.source() == .scheduled(index: 2, firedAt: monday + 30))
    #expect(timed.engine.nextChange(after: timed.now) == monday + 60)
    let next = try Self.step(timed, 30, Self.soonData)
    #expect(next.changed == ["main"])
    #expect(timed.source() == .scheduled(index: 2, firedAt: monday + 60), "as of its minute")
  }

  @Test func theFirstToHoldKeepsTheZoneAndQuietHoursHoldItBack() throws {
    let other = ScheduleEntry(
      cadence: .holds(try SourceCondition("home.door")), content: .text("DOOR OPEN"))
    let rig = try ContentRig(Self.rules(extra: [other]))
    let door: SourceSnapshot = ["home": SourceFieldTests.reading(#"{"door": "open"}"#)]
    try Self.step(rig, 0, door)
    #expect(RunOfShowTests.shown(rig) == 3)
    try Self.step(rig, 10, door.merging(Self.soonData) { $1 })
    #expect(RunOfShowTests.shown(rig) == 3, "the one on show stays while it holds")
    try Self.step(rig, 10, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 2, "then the other that holds")

    // Quiet 06:00 to 07:00: the board does not move for it.
    let quiet = try ContentRig(
      Self.rules(quiet: QuietHours(startMinute: 6 * 60, endMinute: 7 * 60)))
    try Self.step(quiet, 0, Self.laterData)
    let before = quiet.source()
    try Self.step(quiet, 60, Self.soonData)
    #expect(quiet.source() == before, "held still in quiet hours")
    try Self.step(quiet, 3600, Self.soonData)
    #expect(RunOfShowTests.shown(quiet) == 2, "and shown once they end, if it still holds")
  }

  @Test func aReloadForgetsWhichHeldAndTheNextLookFindsThemAgain() throws {
    let rig = try ContentRig(Self.rules())
    try Self.step(rig, 0, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 2)
    var rules = Self.rules()
    rules.schedules.remove(at: 0)
    rig.engine.reconfigure(rules: rules, now: rig.now + 1)
    #expect(rig.engine.holdingEntries.isEmpty, "old indices mean nothing in the new list")
    try Self.step(rig, 1, Self.soonData)
    #expect(RunOfShowTests.shown(rig) == 1, "the same entry, at its new place")
  }

  @Test func theRulesOfAnEntryShownWhileASourceHolds() throws {
    let pages = ["soon": Self.soon]
    let sources = ["work"]
    let entry = try RunOfShowItem(page: "soon", whileHolds: "work.soon", priority: "high")
      .entry(pages: pages, sources: sources)
    #expect(entry.cadence == .holds(try SourceCondition("work.soon")))
    #expect(entry.priority == .high)
    #expect(entry.cadenceText == "while work.soon, over messages")
    #expect(entry.cadenceKind == "while")
    #expect(!entry.rotates)
    #expect(entry.nextFire(after: monday, in: utc) == nil, "the source says when, not a clock")
    let wrong: [(RunOfShowItem, String)] = [
      (
        RunOfShowItem(page: "soon", cron: "0 7 * * *", whileHolds: "work.soon"),
        "give one of 'cron', 'every', 'on_change' and 'while', not cron and while"
      ),
      (
        RunOfShowItem(page: "soon", dwell: 60, whileHolds: "work.soon"),
        "dwell: an entry shown 'while' its source holds something keeps its zone as long as "
          + "that lasts: leave out 'dwell'"
      ),
      (
        RunOfShowItem(page: "soon", priority: "high"),
        "priority: only an entry shown 'while' a source holds something has a priority (such "
          + "as while: work.soon)"
      ),
      (
        RunOfShowItem(page: "soon", whileHolds: "work.soon", priority: "urgent"),
        "priority: 'urgent' is not one of: normal, high"
      ),
      (
        RunOfShowItem(page: "soon", whileHolds: "home.soon"),
        "while: no source named 'home' in 'sources'; sources: work"
      ),
      (
        RunOfShowItem(page: "soon", whileHolds: "work.soon[x"),
        "while: the path after 'work': "
      ),
    ]
    for (item, message) in wrong {
      do {
        _ = try item.entry(pages: pages, sources: sources)
        Issue.record("accepted \(item)")
      } catch {
        #expect(error.description.hasPrefix(message), "\(error)")
      }
    }
  }
}
