import ClackContent
import ClackCore
import ClackStore
import Foundation
import Testing

@testable import ClackRuntime

/// The display's content pass alone: no board, no thread, no clock; messages from an
/// in-memory store, and the pass's outcome looked at directly.
@Suite struct ContentPassTests {
  static let start = Date(timeIntervalSince1970: 1_767_571_200)  // 2026-01-05 00:00 UTC

  /// The screen's rows run together as text.
  static func text(_ screen: Screen) -> String {
    screen.frame.notations().map { $0.joined() }.joined()
  }

  struct Rig {
    var config = RuntimeConfig()
    let store: ClackStore
    let zones: [ZoneSpec]
    var engine: ContentEngine
    let pass: ContentPass

    init(schedules: [ScheduleEntry] = []) throws {
      config.timeZone = TimeZone(identifier: "UTC")!
      config.schedules = schedules
      store = try ClackStore(inMemory: "pass-\(UUID())")
      zones = config.resolvedZones(rows: 2, cols: 8)
      engine = ContentEngine(
        rules: Display.rules(zones: zones, config: config), now: ContentPassTests.start)
      pass = ContentPass(
        zones: zones,
        renderer: ZoneRenderer(flapSet: try FlapSet.named("vestaboard"), timeZone: .gmt),
        config: config, script: .latin)
    }

    func accept(_ body: MessageBody) throws -> Message {
      var message = NewMessage(sender: "test", body: body)
      message.zone = "main"
      return try store.enqueue(message, at: ContentPassTests.start).message
    }

    mutating func run(_ messages: [Message], on screen: Screen, quotes: [Quote] = [])
      -> ContentPass.Outcome
    {
      pass.run(
        engine: &engine, messages: messages, screen: screen, now: ContentPassTests.start,
        quotes: { quotes })
    }
  }

  @Test func aMessageStartsShowingAndIsLaidOutIntoItsZone() throws {
    var rig = try Rig()
    var message = try rig.accept(.text("HELLO"))
    let blank = Screen(rows: 2, cols: 8)
    let outcome = rig.run([message], on: blank)
    #expect(outcome.started == [message.id])
    #expect(outcome.changes.map(\.state) == [.showing])
    #expect(outcome.changes.map(\.id) == [message.id])
    #expect(outcome.screen != blank)
    #expect(Self.text(outcome.screen).contains("HELLO"))
    #expect(outcome.transition?.kind == .fastest, "the configured default")
    #expect(!outcome.quiet)

    // The next pass, with the message on show: nothing changes and nothing moves.
    message.state = .showing
    let again = rig.run([message], on: outcome.screen)
    #expect(again.changes.isEmpty)
    #expect(again.transition == nil)
    #expect(again.screen == outcome.screen)
  }

  @Test func aMessageThatCannotBeShownIsRejectedAndTheZoneKeepsItsFrame() throws {
    var rig = try Rig()
    // Rows of codes the size of no zone: the accept service refuses these; one that reached
    // the queue anyway (an older version's row) is rejected when its turn comes.
    let message = try rig.accept(.codes([[1, 2, 3]]))
    let blank = Screen(rows: 2, cols: 8)
    let outcome = rig.run([message], on: blank)
    #expect(outcome.changes.map(\.state) == [.showing, .rejected])
    #expect(outcome.changes.last?.reason.isEmpty == false)
    #expect(outcome.screen == blank)
    #expect(outcome.transition == nil)
  }

  @Test func aScheduledQuoteWithoutItsLibraryIsAWarningNotAFailure() throws {
    let entry = ScheduleEntry(cron: try CronExpression("0 0 * * *"), content: .quoteOfTheDay)
    var rig = try Rig(schedules: [entry])
    let blank = Screen(rows: 2, cols: 8)
    let outcome = rig.pass.run(
      engine: &rig.engine, messages: [], screen: blank, now: Self.start,
      quotes: { throw StoreError.invalid(field: "quote", message: "the library is unreadable") })
    #expect(outcome.warnings.count == 1)
    #expect(outcome.warnings.first?.contains("the library is unreadable") == true)
    #expect(outcome.screen == blank)
  }

  @Test func aScheduledTextFiresIntoItsZone() throws {
    let entry = ScheduleEntry(cron: try CronExpression("0 0 * * *"), content: .text("NEW DAY"))
    var rig = try Rig(schedules: [entry])
    let outcome = rig.run([], on: Screen(rows: 2, cols: 8))
    #expect(outcome.changes.isEmpty, "scheduled content changes no message")
    #expect(Self.text(outcome.screen).contains("NEW DAY"))
    #expect(outcome.transition != nil)
  }
}
