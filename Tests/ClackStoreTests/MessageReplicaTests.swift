import ClackContent
import ClackCore
import Foundation
import Testing

@testable import ClackStore

/// A wall's leader hands its messages' rows to the other members, and the one that takes
/// over holds them as the leader did (docs/walls.md).
@Suite struct MessageReplicaTests {
  @Test func aRowCopiedToAnotherStoreIsTheSameMessageWithTheSameID() throws {
    let leader = try ClackStore(path: temporaryDatabase())
    let member = try ClackStore(path: temporaryDatabase())
    var new = text("GOOD MORNING")
    new.tags = ["kitchen"]
    new.transition = TransitionSpec(kind: .reveal, stepSize: 3)
    new.frame = try Frame(codes: [[7, 15, 15, 4]])
    new.duration = 12
    let id = try leader.enqueue(new, at: epoch).message.id
    _ = try leader.enqueue(text("SECOND", from: "bob"), at: epoch)
    try leader.setState(.showing, id: id, at: epoch.addingTimeInterval(5), reason: "shown")
    let replicas = try leader.liveReplicas()
    #expect(replicas.map(\.id) == [id, id + 1])
    for replica in replicas { try member.applyReplica(replica, at: epoch, from: "leader 'left'") }
    #expect(try member.message(id: id) == (try leader.message(id: id)))
    #expect(try member.message(id: id + 1) == (try leader.message(id: id + 1)))
    #expect(try member.history(id: id).last?.reason == "as leader 'left' has it")
    // The member's own next message comes after the copied ones.
    let own = try member.enqueue(text("MINE", from: "carol"), at: epoch)
    #expect(own.message.id > id + 1)
  }

  @Test func aLaterCopyOfARowReplacesTheEarlierOne() throws {
    let leader = try ClackStore(path: temporaryDatabase())
    let member = try ClackStore(path: temporaryDatabase())
    let id = try leader.enqueue(text("HELLO"), at: epoch).message.id
    try member.applyReplica(
      try #require(try leader.replicas(ids: [id]).first), at: epoch, from: "x")
    _ = try leader.pin(id: id, at: epoch)
    try leader.setState(.shown, id: id, at: epoch, reason: "replaced")
    // Pinned and shown: it comes back, so it is still live.
    let later = try #require(try leader.liveReplicas().first)
    try member.applyReplica(later, at: epoch, from: "x")
    let copy = try #require(try member.message(id: id))
    #expect(copy.pinned && copy.state == .shown)
    #expect(try member.messages().count == 1)
  }

  @Test func aRowThatIsNotAMessageIsRefusedNamingIt() throws {
    let member = try ClackStore(path: temporaryDatabase())
    #expect(throws: StoreError.self) {
      try member.applyReplica(
        MessageReplica(id: 4, data: Data("{\"id\": 4}".utf8)), at: epoch, from: "x")
    }
    let leader = try ClackStore(path: temporaryDatabase())
    let id = try leader.enqueue(text("HELLO"), at: epoch).message.id
    let row = try #require(try leader.replicas(ids: [id]).first)
    do {
      try member.applyReplica(MessageReplica(id: id + 7, data: row.data), at: epoch, from: "x")
      Issue.record("a row under another id was taken")
    } catch {
      #expect("\(error)".contains("not \(id + 7)"))
    }
    #expect(try member.messages().isEmpty)
  }

  @Test func aWithdrawnMessageIsGoneAndTheOnesItReplacedAreBack() throws {
    let store = try ClackStore(path: temporaryDatabase())
    let first = try store.enqueue(text("ONE"), at: epoch).message.id
    let second = try store.enqueue(text("TWO"), at: epoch)
    #expect(second.replaced == [first])
    #expect(try store.message(id: first)?.state == .expired)
    try store.withdraw(second, at: epoch)
    #expect(try store.message(id: second.message.id) == nil)
    #expect(try store.message(id: first)?.state == .queued)
    #expect(
      try store.history(id: first).last?.reason == "message \(second.message.id) was not accepted")
  }

  @Test func liveMessagesNotInTheWallsQueueAreExpiredWithTheReason() throws {
    let store = try ClackStore(path: temporaryDatabase())
    let policy = SenderPolicy(perHour: 0, latestSlot: false)
    let ids = try (0..<3).map { _ in
      try store.enqueue(text("X"), at: epoch, policy: policy).message.id
    }
    let expired = try store.expireLive(
      except: [ids[1]], at: epoch, reason: "not in the wall's queue")
    #expect(expired == [ids[0], ids[2]])
    #expect(try store.liveReplicas().map(\.id) == [ids[1]])
    #expect(try store.history(id: ids[0]).last?.reason == "not in the wall's queue")
    try store.setState(.showing, id: ids[1], at: epoch, reason: "shown")
    #expect(try store.requeueShowing(at: epoch, reason: "chose again") == [ids[1]])
    #expect(try store.message(id: ids[1])?.state == .queued)
  }
}
