import ClackAPI
import ClackCore
import ClackMQTT
import Foundation
import Logging
import Synchronization
import Testing

@testable import ClackMQTTFace

/// The leader's side of a wall over MQTT, without a broker: frames go out retained on the
/// wall's frame topic, members' statuses are gathered, and clock probes are answered with the
/// leader's times.
@Suite struct WallLeaderLinkTests {
  final class Transport: MQTTTransport {
    let published = Mutex<[(topic: String, payload: Data, qos: Int, retain: Bool)]>([])
    let events = AsyncStream<MQTTEvent> { $0.finish() }
    func start() {}
    func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool) {
      published.withLock { $0.append((topic, Data(payload), qos, retain)) }
    }
    func subscribe(_ topic: String, qos: Int) {}
    func stop(finalPublish: (topic: String, payload: [UInt8])?) async {}
  }

  static let topics = WallTopics(prefix: "clack", wall: "lobby")
  static let instant = Date(timeIntervalSince1970: 1_800_000_000)

  static func leader() -> (MQTTWallLeader, Transport) {
    let transport = Transport()
    let leader = MQTTWallLeader(
      topics: topics, leader: "left", transport: transport, logger: Logger(label: "test"),
      now: { instant })
    return (leader, transport)
  }

  @Test func framesGoOutRetainedOnTheWallsTopic() throws {
    let (leader, transport) = Self.leader()
    let layout = try WallLayout(tiles: [
      WallTile(name: "left", member: "left", row: 0, col: 0, rows: 1, cols: 2)
    ])
    let frame = WallFrame(
      wall: "lobby", leader: "left", stamp: WallFrameStamp(term: 5, sequence: 1),
      landAt: Self.instant, sentAt: Self.instant, transition: Transition(),
      parts: ["left": Screen(rows: 1, cols: 2)])
    leader.publish(frame)
    let sent = try #require(transport.published.withLock { $0.first })
    #expect(sent.topic == "clack/wall/lobby/frame" && sent.qos == 1 && sent.retain)
    #expect(try WallFrameWire.frame(sent.payload, layout: layout).stamp == frame.stamp)
  }

  @Test func membersStatusesAreGatheredAndTheirLastWillsSeen() {
    let (leader, _) = Self.leader()
    let status = WallMemberReport(
      online: true, shown: WallFrameStamp(term: 5, sequence: 3), landedMilliseconds: 1.5,
      faults: ["module 2: no home pulse"], clock: .outOfTolerance(0.25))
    leader.take(topic: "clack/wall/lobby/member/middle", payload: WallStatusWire.data(status))
    #expect(leader.reports()["middle"] == status)
    leader.take(topic: "clack/wall/lobby/member/middle", payload: WallStatusWire.offline)
    #expect(leader.reports()["middle"]?.online == false)
    // A status that cannot be read changes nothing; the leader's own is not a member's.
    leader.take(topic: "clack/wall/lobby/member/right", payload: Data("nonsense".utf8))
    leader.take(topic: "clack/wall/lobby/member/left", payload: WallStatusWire.data(status))
    #expect(leader.reports().keys.sorted() == ["middle"])
  }

  @Test func aClockProbeIsAnsweredWithTheLeadersTimes() throws {
    let (leader, transport) = Self.leader()
    let sent = Self.instant.addingTimeInterval(-0.5)
    leader.take(topic: "clack/wall/lobby/probe/middle", payload: WallProbeWire.probe(sent: sent))
    let answer = try #require(transport.published.withLock { $0.first })
    #expect(answer.topic == "clack/wall/lobby/answer/middle")
    // The member, its clock half a second behind, gets the answer back at once.
    let sample = try WallProbeWire.sample(answer.payload, returned: sent)
    #expect(abs(sample.offset - 0.5) < 1e-6)
    #expect(abs(sample.roundTrip) < 1e-6)
  }
}
