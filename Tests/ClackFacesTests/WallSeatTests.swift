import ClackAPI
import ClackContent
import ClackCore
import ClackHardware
import ClackMQTT
import ClackRuntime
import ClackRuntimeTestSupport
import Foundation
import Logging
import Synchronization
import Testing

@testable import ClackMQTTFace

/// Three members of a wall, each its runtime on a `WallBoard` and its seat, over a broker in
/// memory: the configured leader leads, the others follow and keep its queue; the leader
/// dropping out hands over to the next member with every acknowledged message; a message the
/// broker does not take is not acknowledged. Virtual time; deliveries in the test's order.
@Suite(.serialized) struct WallSeatTests {
  static let order = ["left", "middle", "right"]
  static let topics = WallTopics(prefix: "clack", wall: "lobby")

  /// The board's link to its seat, made after it.
  final class LinkBox: WallLink {
    let seat = Mutex<MQTTWallSeat?>(nil)
    func publish(_ frame: WallFrame) { seat.withLock { $0 }?.publish(frame) }
    func reports() -> [String: WallMemberReport] { seat.withLock { $0 }?.reports() ?? [:] }
  }

  struct Member {
    var runtime: Runtime
    var local: RecordingBoard
    var wall: WallBoard
    var seat: MQTTWallSeat
    var service: BoardService { runtime.service }
  }

  /// A member as the daemon makes it (Daemon+Wall.swift): following the configured leader,
  /// subscribed, connected, homed.
  static func member(_ name: String, broker: MemoryBroker, clock: ManualDaemonClock)
    async throws -> Member
  {
    let small = try RuntimeHarness.smallBoard()
    let layout = try WallLayout(
      tiles: order.enumerated().map { index, name in
        WallTile(name: name, member: name, row: 0, col: index * 8, rows: 2, cols: 8)
      })
    let local = RecordingBoard(board: small)
    let link = LinkBox()
    let wall = try WallBoard(
      wall: "lobby", member: name, layout: layout, local: local,
      remoteBoards: Dictionary(
        uniqueKeysWithValues: order.filter { $0 != name }.map { ($0, small) }),
      link: link, role: .following("left"), now: { clock.now() })
    let runtime = try await RuntimeHarness.runtime(
      on: wall, RuntimeHarness.unscheduled(dwell: 300), clock: clock)
    await runtime.service.followWall(
      WallMembership(wall: "lobby", member: name, tile: name, leader: "left"))
    let seat = MQTTWallSeat(
      topics: topics, me: name, layout: layout, service: runtime.service,
      transport: broker.client(name, will: (topics.member(name), Array(WallStatusWire.offline))),
      logger: Logger(label: "test"),
      succession: WallSuccession(order: order, me: name, handoverAfter: 5),
      toleranceMilliseconds: 10, now: { clock.now() })
    link.seat.withLock { $0 = seat }
    try seat.subscribeAll()
    await runtime.display.step()
    await runtime.display.step()
    broker.connect(name)
    await seat.connected()
    return Member(runtime: runtime, local: local, wall: wall, seat: seat)
  }

  /// Hands every waiting delivery to its member's seat, and what those cause, until none is
  /// left; the leader first hands its queue's changes over, as its loop does.
  static func deliver(_ broker: MemoryBroker, _ members: [String: Member]) async {
    for member in members.values { member.seat.reconcileQueue() }
    while let delivery = broker.next() {
      await members[delivery.client]?.seat.take(topic: delivery.topic, payload: delivery.payload)
    }
  }

  /// Every member decides, in the order given, each seeing what the ones before it said.
  static func decide(_ broker: MemoryBroker, _ members: [String: Member], _ names: [String])
    async
  {
    for name in names {
      await members[name]?.seat.decide()
      await deliver(broker, members)
    }
  }

  static func wall() async throws -> (MemoryBroker, ManualDaemonClock, [String: Member]) {
    let broker = MemoryBroker()
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    var members: [String: Member] = [:]
    for name in order { members[name] = try await member(name, broker: broker, clock: clock) }
    await deliver(broker, members)
    clock.advance(by: 1)
    await decide(broker, members, order)
    return (broker, clock, members)
  }

  static func text(_ frame: Frame) -> String {
    frame.notations().map { $0.joined() }.joined(separator: "|")
  }

  @Test func theConfiguredLeaderLeadsAndTheOthersKeepItsQueueAndShowItsFrames() async throws {
    let (broker, _, members) = try await Self.wall()
    let left = try #require(members["left"])
    let middle = try #require(members["middle"])
    #expect(left.wall.role == .leading)
    #expect(middle.wall.role == .following("left"))
    #expect(members["right"]?.wall.role == .following("left"))
    let claim = try WallClaimWire.claim(Data(try #require(broker.retained[Self.topics.leader])))
    #expect(claim.member == "left")

    let receipt = try await left.service.accept(
      NewMessage(sender: "t", body: .text("ONE WALL OF THREE BOARDS SIDE BY SIDE")))
    let id = receipt.message.id
    // Acknowledged only once the broker held its row.
    #expect(broker.retained[Self.topics.queue(id)] != nil)
    await Self.deliver(broker, members)
    let copy = try #require(try await middle.service.message(id: id))
    #expect(copy.message.body == receipt.message.body)
    #expect(copy.message.createdAt == receipt.message.createdAt)
    // The middle tile shows its part of the leader's frame.
    let frame = try WallFrameWire.frame(
      Data(try #require(broker.retained[Self.topics.frame])), layout: left.wall.layout)
    #expect(frame.stamp.term == claim.term)
    #expect(middle.local.framesShown.last == frame.parts["middle"]?.frame)
    #expect(
      Self.text(middle.runtime.display.runner.shownFrame(middle.wall.state)).contains("THREE")
        || Self.text(left.wall.layout.assemble(frame.parts.mapValues(\.frame))).contains("THREE"))
    // A message sent to a member is refused, naming the leader.
    do {
      _ = try await middle.service.accept(NewMessage(sender: "t", body: .text("HELLO")))
      Issue.record("a member took a message")
    } catch {
      guard case .wallMember(let membership) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(membership.leader == "left")
    }
  }

  @Test func theLeaderDroppingOutHandsOverWithEveryAcknowledgedMessage() async throws {
    let (broker, clock, members) = try await Self.wall()
    let left = try #require(members["left"])
    let middle = try #require(members["middle"])
    let right = try #require(members["right"])
    let first = try await left.service.accept(NewMessage(sender: "a", body: .text("FIRST")))
    let second = try await left.service.accept(NewMessage(sender: "b", body: .text("SECOND")))
    await Self.deliver(broker, members)
    let oldTerm = left.wall.stamp.term

    // The leader's process dies: its last will says so.
    broker.kill("left")
    await Self.deliver(broker, members)
    clock.advance(by: 4)
    await Self.decide(broker, members, ["middle", "right"])
    #expect(middle.wall.role == .following("left"), "not before the handover time")
    clock.advance(by: 1)
    await Self.decide(broker, members, ["right", "middle"])
    #expect(middle.wall.role == .leading)
    #expect(middle.wall.stamp.term > oldTerm)
    #expect(right.wall.role == .following("middle"))
    // Both acknowledged messages are in the new leader's queue, as the old one left them.
    let live = try middle.service.messages().filter { [.queued, .showing].contains($0.state) }
    #expect(Set(live.map(\.id)) == [first.message.id, second.message.id])
    // The new leader decides afresh, as a restarted controller does: the newest for the zone.
    #expect(try middle.service.messages(state: .showing).map(\.id) == [second.message.id])
    #expect(try middle.service.messages(state: .queued).map(\.id) == [first.message.id])
    // It shows the wall's content: its frames reach the right member, which shows them.
    var urgent = NewMessage(sender: "a", body: .text("NEW LEADER"))
    urgent.priority = .urgent
    _ = try await middle.service.accept(urgent)
    await Self.deliver(broker, members)
    let frame = try WallFrameWire.frame(
      Data(try #require(broker.retained[Self.topics.frame])), layout: middle.wall.layout)
    #expect(frame.leader == "middle" && frame.stamp.term == middle.wall.stamp.term)
    #expect(right.local.framesShown.last == frame.parts["right"]?.frame)
    do {
      _ = try await right.service.accept(NewMessage(sender: "t", body: .text("HELLO")))
      Issue.record("a member took a message")
    } catch {
      guard case .wallMember(let membership) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(membership.leader == "middle")
    }

    // The old leader comes back (a new process): it follows the new leader.
    var back = members
    back["left"] = try await Self.member("left", broker: broker, clock: clock)
    await Self.deliver(broker, back)
    clock.advance(by: 1)
    await Self.decide(broker, back, ["left"])
    #expect(back["left"]?.wall.role == .following("middle"))
  }

  @Test func afterTheBrokerLostItsRetainedMessagesTheLeaderSaysThemAgain() async throws {
    let (broker, _, members) = try await Self.wall()
    let left = try #require(members["left"])
    let kept = try await left.service.accept(NewMessage(sender: "a", body: .text("KEPT")))
    await Self.deliver(broker, members)
    broker.restart()
    for name in Self.order {
      broker.connect(name)
      await members[name]?.seat.connected()
    }
    await Self.deliver(broker, members)
    let claim = try WallClaimWire.claim(Data(try #require(broker.retained[Self.topics.leader])))
    #expect(claim.member == "left" && claim.term == left.wall.stamp.term)
    #expect(broker.retained[Self.topics.queue(kept.message.id)] != nil)
    #expect(broker.retained[Self.topics.frame] != nil)
    #expect(members["middle"]?.wall.role == .following("left"))
  }

  @Test func aMessageTheBrokerDoesNotTakeIsNotAcknowledgedNorKept() async throws {
    let (broker, _, members) = try await Self.wall()
    let left = try #require(members["left"])
    let kept = try await left.service.accept(NewMessage(sender: "a", body: .text("KEPT")))
    broker.setDown(true)
    do {
      _ = try await left.service.accept(NewMessage(sender: "a", body: .text("LOST")))
      Issue.record("acknowledged without the broker")
    } catch {
      guard case .notReplicated = error else {
        Issue.record("\(error)")
        return
      }
    }
    // Gone, and the message it would have replaced (the sender's last) is as it was.
    let messages = try left.service.messages()
    #expect(messages.map(\.id) == [kept.message.id])
    #expect(messages.first?.state == .showing)
    broker.setDown(false)
    let later = try await left.service.accept(NewMessage(sender: "a", body: .text("LATER")))
    #expect(broker.retained[Self.topics.queue(later.message.id)] != nil)
  }
}
