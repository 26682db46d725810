import ClackAPI
import ClackCore
import ClackRuntime
import Foundation

/// How a member says how it is (its status, retained) and measures its clock against the
/// leader's (NTP's four timestamps over the broker).
extension MQTTWallSeat {
  /// Publishes this member's status when it has changed, every `reportEvery`, or when
  /// `force`d (at each connection).
  func report(force: Bool) async {
    let judgement = state.withLock { $0.clock.judge(tolerance: tolerance) }
    let status = await service.wallReport(clock: judgement)
    let time = now()
    let due = state.withLock { state in
      state.reports[me] = status
      guard let last = state.published else { return true }
      return force || last.report != status
        || time.timeIntervalSince(last.at) >= Double(reportEvery.components.seconds)
    }
    guard due, state.withLock({ $0.connectedAt != nil }) else { return }
    do {
      try transport.publish(
        topic: topics.member(me), payload: Array(WallStatusWire.data(status)), qos: 1,
        retain: true)
      state.withLock { $0.published = (status, time) }
    } catch {
      logger.warning("wall: '\(me)''s status was not published: \(error)")
    }
  }

  /// A clock probe to the leader.
  func probe() {
    try? transport.publish(
      topic: topics.probe(me), payload: Array(WallProbeWire.probe(sent: now())), qos: 0,
      retain: false)
  }

  /// A member's clock probe, answered while this member leads.
  func answerProbe(from member: String, payload: Data) {
    let received = now()
    guard isLeading, member != me else { return }
    do {
      let sent = try WallProbeWire.sent(payload)
      try transport.publish(
        topic: topics.answer(member),
        payload: Array(WallProbeWire.answer(sent: sent, received: received, answered: now())),
        qos: 0, retain: false)
    } catch {
      logger.warning("wall: a clock probe from '\(member)' was not answered: \(error)")
    }
  }

  /// The leader's answer to this member's probe: one sample of the offset.
  func takeAnswer(_ payload: Data) {
    do {
      let sample = try WallProbeWire.sample(payload, returned: now())
      state.withLock { $0.clock.add(sample) }
    } catch {
      logger.warning("wall: a clock answer cannot be read: \(error)")
    }
  }
}
