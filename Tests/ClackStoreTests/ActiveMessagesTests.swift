import ClackContent
import Foundation
import GRDB
import Testing

@testable import ClackStore

@Suite struct ActiveMessagesTests {
  @Test func onlyDueMessagesReachTheEngineNewestFirstWithUrgentOnesAlways() throws {
    let store = try ClackStore(inMemory: "active")
    let policy = SenderPolicy(perHour: 0, latestSlot: false)
    var urgent = text("OLD URGENT", from: "a")
    urgent.priority = .urgent
    let urgentID = try store.enqueue(urgent, at: epoch, policy: policy).message.id
    for index in 0..<20 {
      _ = try store.enqueue(
        text("M\(index)", from: "s\(index)"), at: epoch.addingTimeInterval(Double(index + 1)),
        policy: policy)
    }
    var later = text("LATER", from: "b")
    later.notBefore = epoch.addingTimeInterval(3600)
    let laterID = try store.enqueue(later, at: epoch, policy: policy).message.id
    var pinned = text("PINNED", from: "c")
    pinned.pinned = true
    let pinnedID = try store.enqueue(pinned, at: epoch, policy: policy).message.id
    try store.setState(.shown, id: pinnedID, at: epoch, reason: "test")

    let now = epoch.addingTimeInterval(60)
    let active = try store.activeMessages(at: now, limit: 5)
    let ids = Set(active.map(\.id))
    #expect(ids.contains(urgentID), "urgent messages are always there")
    #expect(ids.contains(pinnedID), "a shown pinned message comes round again")
    #expect(!ids.contains(laterID), "not due yet")
    let texts = active.compactMap {
      if case .text(let text, _, _, _) = $0.body { text } else { nil }
    }
    #expect(Set(texts).isSuperset(of: ["M19", "M18", "M17", "M16", "M15"]))
    #expect(!texts.contains("M0"), "beyond the newest five")
    #expect(
      try store.activeMessages(at: epoch.addingTimeInterval(7200)).contains { $0.id == laterID })
  }

  @Test func theReadIsTheNarrowingTheDisplayKeepsItsCopyTo() throws {
    let store = try ClackStore(inMemory: "narrowing")
    let policy = SenderPolicy(perHour: 0, latestSlot: false)
    for index in 0..<40 {
      var message = text("M\(index)", from: "s\(index)")
      message.priority = index % 9 == 0 ? .urgent : .normal
      message.bypassQuietHours = index % 11 == 0
      message.pinned = index % 13 == 0
      let id = try store.enqueue(
        message, at: epoch.addingTimeInterval(Double(index)), policy: policy
      )
      .message.id
      if index % 7 == 0 { try store.setState(.showing, id: id, at: epoch, reason: "test") }
    }
    let now = epoch.addingTimeInterval(60)
    let every = try store.activeMessages(at: now, limit: 1_000)
    #expect(every.count == 40)
    let read = try store.activeMessages(at: now, limit: 6)
    #expect(read.count < every.count)
    #expect(read.map(\.id) == ActiveQueue.narrow(every, limit: 6).map(\.id))
  }

  @Test func theNextTimedChangeIsTheEarliestDueOrExpiryAhead() throws {
    let store = try ClackStore(inMemory: "next-change")
    let policy = SenderPolicy(perHour: 0, latestSlot: false)
    #expect(try store.nextTimedChange(after: epoch) == nil, "an empty queue has none")
    var later = text("LATER", from: "a")
    later.notBefore = epoch.addingTimeInterval(600)
    later.expiresIn = 3600
    _ = try store.enqueue(later, at: epoch, policy: policy)
    var soon = text("SOON", from: "b")
    soon.expiresIn = 300
    let soonID = try store.enqueue(soon, at: epoch, policy: policy).message.id
    var pinned = text("PINNED", from: "c")
    pinned.pinned = true
    pinned.expiresIn = 60
    _ = try store.enqueue(pinned, at: epoch, policy: policy)
    #expect(
      try store.nextTimedChange(after: epoch) == epoch.addingTimeInterval(300),
      "SOON expires first; a pinned message never does")
    try store.setState(.showing, id: soonID, at: epoch, reason: "test")
    #expect(try store.nextTimedChange(after: epoch) == epoch.addingTimeInterval(300))
    #expect(
      try store.nextTimedChange(after: epoch.addingTimeInterval(300))
        == epoch.addingTimeInterval(600), "then LATER comes due")
    #expect(
      try store.nextTimedChange(after: epoch.addingTimeInterval(600))
        == epoch.addingTimeInterval(4200), "then it expires")
  }

  @Test func theQueuesTimeQueriesSeekAnIndexInsteadOfReadingEveryMessage() throws {
    let store = try ClackStore(inMemory: "plans")
    let queries: [(String, StatementArguments)] = [
      (ClackStore.nextDueSQL, [epoch]), (ClackStore.nextExpirySQL, ["queued", epoch]),
      (ClackStore.slotSQL, ["someone", "main", 1]), (ClackStore.onShowSQL, []),
    ]
    for (sql, arguments) in queries {
      let plan = try store.read { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
          .map { $0["detail"] as String }
      }
      let searches = plan.filter { $0.hasPrefix("SEARCH") }
      // The messages on show are two searches of one OR; the others one search each.
      #expect(searches.count == (sql == ClackStore.onShowSQL ? 2 : 1), "\(plan)")
      #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
      let index =
        switch sql {
        case ClackStore.slotSQL: "message_sender_zone_state"
        // Pinned and shown: both columns sought, not every shown message read.
        case ClackStore.onShowSQL: "message_state_pinned (state=? AND pinned=?)"
        default: "message_state_"
        }
      #expect(plan.contains { $0.contains("INDEX \(index)") }, "\(plan)")
    }
  }
}
