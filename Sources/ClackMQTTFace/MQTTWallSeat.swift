import ClackAPI
import ClackCore
import ClackMQTT
import ClackRuntime
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// A wall member's side over MQTT (docs/walls.md), whichever role it has now. Leading, it is
/// the `WallLink` its wall board publishes frames through (retained, QoS 1, so a member that
/// connects later gets the current one), answers the others' clock probes, and hands each
/// message accepted to the broker (`MessageReplication`) before it is acknowledged. Following,
/// it reads the leader's frames against the wall's tiles and hands them to the service to show
/// at their instant, keeps the wall's queue in its store, and probes the leader's clock. Both
/// say how they are (retained; the last will says offline) and watch the others' statuses and
/// the leader's claim, from which `WallSuccession` decides who leads. One connection of its own.
public final class MQTTWallSeat: WallLink, MessageReplication, Service {
  let topics: WallTopics
  let me: String
  let layout: WallLayout
  let service: BoardService
  let transport: any MQTTTransport
  let logger: Logger
  let succession: WallSuccession
  let tolerance: Double
  let probeEvery: Duration
  let reportEvery: Duration
  /// How long a message's row may take to reach the broker before its acceptance fails.
  let replicationTimeout: Duration
  let now: @Sendable () -> Date
  let state = Mutex(SeatState())

  struct SeatState {
    /// Every member's last status (this one's as it last said it).
    var reports: [String: WallMemberReport] = [:]
    var claim: WallLeaderClaim?
    var leaderOfflineSince: Date?
    var connectedAt: Date?
    var lastTerm = 0
    var role: Role = .undecided
    /// A claim of this member's that the broker has not acknowledged yet: no second one is
    /// made meanwhile (the broker hands the first back as the latest claim, which is decided
    /// on at once).
    var claiming = false
    /// The wall's queue as the broker holds it: each live message's row, by id.
    var queue: [Int64: Data] = [:]
    var clock = ClockOffsetEstimate()
    /// The latest frame, kept while no leader is followed yet (it is retained: it comes
    /// before the decision), and shown once one is.
    var waitingFrame: Data?
    /// The last status this member published, and when.
    var published: (report: WallMemberReport, at: Date)?
    /// Set by a change to a message: the leader hands its queue to the broker again.
    var queueChanged = true
    /// The leader's last frame, said again on reconnecting.
    var lastFrame: [UInt8]?
  }

  enum Role: Equatable {
    case undecided
    case leading(term: Int)
    case following(String)
  }

  public init(
    topics: WallTopics, me: String, layout: WallLayout, service: BoardService,
    transport: any MQTTTransport, logger: Logger, succession: WallSuccession,
    toleranceMilliseconds: Int, probeEvery: Duration = .seconds(16),
    reportEvery: Duration = .seconds(30), replicationTimeout: Duration = .seconds(2),
    now: @escaping @Sendable () -> Date
  ) {
    self.topics = topics
    self.me = me
    self.layout = layout
    self.service = service
    self.transport = transport
    self.logger = logger
    self.succession = succession
    tolerance = Double(toleranceMilliseconds) / 1000
    self.probeEvery = probeEvery
    self.reportEvery = reportEvery
    self.replicationTimeout = replicationTimeout
    self.now = now
  }

  var isLeading: Bool {
    if case .leading = state.withLock(\.role) { true } else { false }
  }

  // MARK: - WallLink

  public func publish(_ frame: WallFrame) {
    let payload = Array(WallFrameWire.data(frame))
    state.withLock { $0.lastFrame = payload }
    do {
      try transport.publish(topic: topics.frame, payload: payload, qos: 1, retain: true)
    } catch {
      logger.error("wall: frame \(frame.stamp) not sent: \(error)")
    }
  }

  public func reports() -> [String: WallMemberReport] { state.withLock(\.reports) }

  // MARK: - The connection

  public func run() async throws {
    try subscribeAll()
    try transport.start()
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.consume() }
      group.addTask { await cancelWhenGracefulShutdown { await self.keepDeciding() } }
      group.addTask { await cancelWhenGracefulShutdown { await self.keepReplicating() } }
      group.addTask {
        try? await gracefulShutdown()
        await self.transport.stop(
          finalPublish: (self.topics.member(self.me), Array(WallStatusWire.offline)))
      }
    }
  }

  private func consume() async {
    for await event in transport.events {
      switch event {
      case .connected:
        logger.info("wall: '\(me)' connected to the broker")
        await connected()
      case .disconnected(let reason, let retry):
        state.withLock { $0.connectedAt = nil }
        logger.warning("wall: \(reason); retrying in \(retry) s")
      case .message(let topic, let payload, _):
        await take(topic: topic, payload: Data(payload))
      }
    }
  }

  /// The claim, the members' statuses, the frames, the queue, the probes and the answers.
  func subscribeAll() throws(MQTTTransportError) {
    for (topic, qos) in [
      (topics.leader, 1), (topics.members, 1), (topics.frame, 1), (topics.queueAll, 1),
      (topics.probes, 0), (topics.answer(me), 0),
    ] {
      try transport.subscribe(topic, qos: qos)
    }
  }

  /// Connected (again): the decisions wait for the broker's retained messages to come in.
  func connected() async {
    let leading = state.withLock { state in
      state.connectedAt = now()
      guard case .leading(let term) = state.role else { return nil as (WallLeaderClaim, [UInt8]?)? }
      // The broker may have lost its retained messages (restarted without persistence): the
      // leader says its claim, its queue and its last frame again.
      state.queue = [:]
      state.queueChanged = true
      return (WallLeaderClaim(member: me, term: term), state.lastFrame)
    }
    if let (claim, frame) = leading {
      try? transport.publish(
        topic: topics.leader, payload: Array(WallClaimWire.data(claim)), qos: 1, retain: true)
      if let frame {
        try? transport.publish(topic: topics.frame, payload: frame, qos: 1, retain: true)
      }
    }
    // Said again at every connection: a status of an earlier run's (its goodbye, or its
    // last will) may have come after this run's.
    await report(force: true)
  }

  /// Whatever came from the broker, by its topic.
  func take(topic: String, payload: Data) async {
    if topic == topics.frame {
      await takeFrame(payload)
    } else if topic == topics.leader {
      // A new leader is followed at once, not at the next decision.
      if takeClaim(payload) { await decide() }
    } else if let id = topics.queueID(in: topic) {
      await takeQueued(id: id, payload: payload)
    } else if let member = topics.memberName(in: topic, kind: "member") {
      takeStatus(of: member, payload: payload)
    } else if let member = topics.memberName(in: topic, kind: "probe") {
      answerProbe(from: member, payload: payload)
    } else if topic == topics.answer(me) {
      takeAnswer(payload)
    }
  }

  /// A frame of the leader's: shown by a follower, at its instant.
  func takeFrame(_ payload: Data) async {
    let frame: WallFrame
    do {
      frame = try WallFrameWire.frame(payload, layout: layout, pictures: service.wallPictures)
    } catch {
      logger.error("wall: a frame cannot be shown: \(error)")
      return
    }
    let following = state.withLock { state in
      state.lastTerm = max(state.lastTerm, frame.stamp.term)
      if case .following = state.role { return true }
      if state.role == .undecided { state.waitingFrame = payload }
      return false
    }
    // The leader's own frame comes back to it; a frame before any leader is known waits
    // for the decision (it is retained, and comes again once followed).
    guard following else { return }
    switch await service.follow(frame) {
    case .aimed:
      logger.debug("wall: frame \(frame.stamp) lands at its instant")
      // Said again once it has landed, with how late.
      let wait = frame.landAt.timeIntervalSince(now()) + 1
      Task {
        try? await Task.sleep(for: .seconds(max(0, wait)))
        await self.report(force: false)
      }
    case .late: logger.info("wall: frame \(frame.stamp) shown at once (its instant had passed)")
    case .afterHoming: logger.info("wall: frame \(frame.stamp) is shown once the board has homed")
    case .refused(let verdict): logger.debug("wall: frame \(frame.stamp) not shown: \(verdict)")
    case .noPart: logger.error("wall: frame \(frame.stamp) has no part for this tile")
    }
    await report(force: false)
  }
}
