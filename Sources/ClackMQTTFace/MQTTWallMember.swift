import ClackAPI
import ClackCore
import ClackMQTT
import ClackRuntime
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// A wall member's side over MQTT (docs/walls.md): the leader's frames in, each read against
/// the wall's tiles and handed to the service to show at its instant; the member's status out
/// (retained, its last will saying offline) after each frame and every `reportEvery`; and a
/// clock probe to the leader every `probeEvery`, whose answers measure this clock against the
/// leader's. Its own connection.
public final class MQTTWallMember: Service {
  let topics: WallTopics
  let member: String
  let layout: WallLayout
  let service: BoardService
  let transport: any MQTTTransport
  let logger: Logger
  let tolerance: Double
  let probeEvery: Duration
  let reportEvery: Duration
  private let clock = Mutex(ClockOffsetEstimate())

  public init(
    topics: WallTopics, member: String, layout: WallLayout, service: BoardService,
    transport: any MQTTTransport, logger: Logger, toleranceMilliseconds: Int,
    probeEvery: Duration = .seconds(16), reportEvery: Duration = .seconds(30)
  ) {
    self.topics = topics
    self.member = member
    self.layout = layout
    self.service = service
    self.transport = transport
    self.logger = logger
    tolerance = Double(toleranceMilliseconds) / 1000
    self.probeEvery = probeEvery
    self.reportEvery = reportEvery
  }

  public func run() async throws {
    try transport.subscribe(topics.frame, qos: 1)
    try transport.subscribe(topics.answer(member), qos: 0)
    try transport.start()
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.consume() }
      group.addTask { await cancelWhenGracefulShutdown { await self.probeAndReport() } }
      group.addTask {
        try? await gracefulShutdown()
        await self.transport.stop(
          finalPublish: (self.topics.member(self.member), Array(WallStatusWire.offline)))
      }
    }
  }

  private func consume() async {
    for await event in transport.events {
      switch event {
      case .connected:
        logger.info("wall: member '\(member)' connected to the broker")
        await report()
      case .disconnected(let reason, let retry):
        logger.warning("wall: \(reason); retrying in \(retry) s")
      case .message(let topic, let payload, _):
        await take(topic: topic, payload: Data(payload))
      }
    }
  }

  func take(topic: String, payload: Data) async {
    if topic == topics.answer(member) {
      do {
        let sample = try WallProbeWire.sample(payload, returned: service.now())
        clock.withLock { $0.add(sample) }
      } catch {
        logger.warning("wall: a clock answer cannot be read: \(error)")
      }
      return
    }
    guard topic == topics.frame else { return }
    let frame: WallFrame
    do {
      frame = try WallFrameWire.frame(payload, layout: layout)
    } catch {
      logger.error("wall: a frame cannot be shown: \(error)")
      return
    }
    switch await service.follow(frame) {
    case .aimed:
      logger.debug("wall: frame \(frame.stamp) lands at its instant")
      // Said again once it has landed, with how late.
      let wait = frame.landAt.timeIntervalSince(service.now()) + 1
      Task {
        try? await Task.sleep(for: .seconds(max(0, wait)))
        await self.report()
      }
    case .late: logger.info("wall: frame \(frame.stamp) shown at once (its instant had passed)")
    case .afterHoming: logger.info("wall: frame \(frame.stamp) is shown once the board has homed")
    case .refused(let verdict): logger.debug("wall: frame \(frame.stamp) not shown: \(verdict)")
    case .noPart: logger.error("wall: frame \(frame.stamp) has no part for this tile")
    }
    await report()
  }

  /// Probes the leader's clock, and says how this member is, now and then.
  private func probeAndReport() async {
    var sinceReport = Duration.zero
    while !Task.isCancelled {
      try? transport.publish(
        topic: topics.probe(member), payload: Array(WallProbeWire.probe(sent: service.now())),
        qos: 0, retain: false)
      try? await Task.sleep(for: probeEvery)
      sinceReport += probeEvery
      if sinceReport >= reportEvery {
        sinceReport = .zero
        await report()
      }
    }
  }

  /// Publishes this member's status, retained.
  func report() async {
    let judgement = clock.withLock { $0.judge(tolerance: tolerance) }
    let status = await service.wallReport(clock: judgement)
    try? transport.publish(
      topic: topics.member(member), payload: Array(WallStatusWire.data(status)), qos: 1,
      retain: true)
  }
}
