import ClackAPI
import ClackCore
import ClackMQTT
import ClackRuntime
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The leader's side of a wall over MQTT (docs/walls.md): the `WallLink` its `WallBoard`
/// publishes frames through (retained, QoS 1, so a member that connects later gets the
/// current frame), the members' statuses gathered as they come, and their clock probes
/// answered. Its own connection, whose last will marks the leader offline.
public final class MQTTWallLeader: WallLink, Service {
  let topics: WallTopics
  let leader: String
  let transport: any MQTTTransport
  let logger: Logger
  let now: @Sendable () -> Date
  private let memory = Mutex<[String: WallMemberReport]>([:])
  /// The leader's own status (its tile's landing and faults), once the wall's board exists.
  private let own = Mutex<(@Sendable () -> WallMemberReport)?>(nil)

  /// How the leader says how its own tile is: read every second, published when it changes.
  public func reportOwn(_ status: @escaping @Sendable () -> WallMemberReport) {
    own.withLock { $0 = status }
  }

  public init(
    topics: WallTopics, leader: String, transport: any MQTTTransport, logger: Logger,
    now: @escaping @Sendable () -> Date
  ) {
    self.topics = topics
    self.leader = leader
    self.transport = transport
    self.logger = logger
    self.now = now
  }

  public func publish(_ frame: WallFrame) {
    do {
      try transport.publish(
        topic: topics.frame, payload: Array(WallFrameWire.data(frame)), qos: 1, retain: true)
    } catch {
      logger.error("wall: frame \(frame.stamp) not sent: \(error)")
    }
  }

  public func reports() -> [String: WallMemberReport] { memory.withLock { $0 } }

  public func run() async throws {
    try transport.subscribe(topics.members, qos: 1)
    try transport.subscribe(topics.probes, qos: 0)
    try transport.start()
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.consume() }
      group.addTask { await cancelWhenGracefulShutdown { await self.publishOwnStatus() } }
      group.addTask {
        try? await gracefulShutdown()
        await self.transport.stop(
          finalPublish: (self.topics.member(self.leader), Array(WallStatusWire.offline)))
      }
    }
  }

  private func publishOwn(_ status: WallMemberReport) {
    try? transport.publish(
      topic: topics.member(leader), payload: Array(WallStatusWire.data(status)), qos: 1,
      retain: true)
  }

  /// The leader's own status, when it changes (checked every second).
  private func publishOwnStatus() async {
    var last: WallMemberReport?
    while !Task.isCancelled {
      if let status = own.withLock({ $0 })?(), status != last {
        publishOwn(status)
        last = status
      }
      try? await Task.sleep(for: .seconds(1))
    }
  }

  private func consume() async {
    for await event in transport.events {
      switch event {
      case .connected:
        logger.info("wall: leading, connected to the broker")
        // Said again at every connection: a status of an earlier run's (its goodbye, or its
        // last will) may have come after this run's.
        publishOwn(own.withLock { $0 }?() ?? WallMemberReport(online: true))
      case .disconnected(let reason, let retry):
        logger.warning("wall: \(reason); retrying in \(retry) s")
      case .message(let topic, let payload, _):
        take(topic: topic, payload: Data(payload))
      }
    }
  }

  /// A member's status or clock probe.
  func take(topic: String, payload: Data) {
    if let member = topics.memberName(in: topic, kind: "probe") {
      let received = now()
      do {
        let sent = try WallProbeWire.sent(payload)
        try transport.publish(
          topic: topics.answer(member),
          payload: Array(WallProbeWire.answer(sent: sent, received: received, answered: now())),
          qos: 0, retain: false)
      } catch {
        logger.warning("wall: a clock probe from '\(member)' was not answered: \(error)")
      }
      return
    }
    guard let member = topics.memberName(in: topic, kind: "member"), member != leader else {
      return
    }
    do {
      let report = try WallStatusWire.report(payload)
      let before = memory.withLock { memory in
        defer { memory[member] = report }
        return memory[member]
      }
      note(member: member, report, before: before)
    } catch {
      logger.warning("wall: the status of '\(member)' cannot be read: \(error)")
    }
  }

  /// Logs what changed in a member's state: online or not, its clock out of tolerance.
  private func note(member: String, _ report: WallMemberReport, before: WallMemberReport?) {
    if report.online != before?.online {
      if report.online {
        logger.info("wall: member '\(member)' is online")
      } else {
        logger.warning("wall: member '\(member)' is offline: the wall is degraded")
      }
    }
    if case .outOfTolerance = report.clock, before?.clock != report.clock,
      let problem = WallStatus.Member(name: member, tile: member, report: report).problem
    {
      logger.warning("wall: member '\(member)''s clock is out of tolerance: \(problem)")
    }
  }
}
