import ClackAPI
import ClackCore
import ClackRuntime
import Foundation

/// Who leads (docs/walls.md): each member decides alike, four times a second, from the
/// latest claim and the statuses the broker holds; the one whose turn it is claims a term
/// and leads, the others follow whom the claim names.
extension MQTTWallSeat {
  /// How often the seat decides, says how it is and, following, probes the leader's clock.
  static let pace = Duration.milliseconds(250)
  /// Probes sent a second apart when a leader is first followed.
  static let quickProbes = 5

  func keepDeciding() async {
    var sinceProbe = probeEvery
    // A few probes a second apart on following a leader, so the first estimate already has
    // a short round trip to trust; then one every `probeEvery`.
    var quickProbes = 0
    while !Task.isCancelled {
      await decide()
      await report(force: false)
      if case .following = state.withLock(\.role) {
        let due = quickProbes > 0 ? .seconds(1) : probeEvery
        if sinceProbe >= due {
          probe()
          sinceProbe = .zero
          quickProbes = max(0, quickProbes - 1)
        }
        sinceProbe += Self.pace
      } else {
        sinceProbe = probeEvery
        quickProbes = Self.quickProbes
      }
      try? await Task.sleep(for: Self.pace)
    }
  }

  /// What every member decides alike, acted on.
  func decide() async {
    let (view, role) = state.withLock { state in
      let online = Set(state.reports.filter { $0.key != me && $0.value.online }.keys)
      return (
        WallSuccession.View(
          claim: state.claim, online: online, leaderOfflineSince: state.leaderOfflineSince,
          connectedAt: state.connectedAt, lastTerm: state.lastTerm),
        state.role
      )
    }
    switch succession.decide(view, now: now()) {
    case .wait: return
    case .lead(let term):
      if case .leading = role { return }
      await takeLead(term: term, after: view.claim?.member)
    case .follow(let leader):
      if role == .following(leader) { return }
      await follow(leader)
    }
  }

  /// Claims the lead (the broker must take the claim), then leads from the wall's queue as
  /// the broker holds it.
  private func takeLead(term: Int, after previous: String?) async {
    let first = state.withLock { state in
      defer { state.claiming = true }
      return !state.claiming
    }
    guard first else { return }
    defer { state.withLock { $0.claiming = false } }
    let claim = WallLeaderClaim(member: me, term: term)
    do {
      try await transport.publishConfirmed(
        topic: topics.leader, payload: Array(WallClaimWire.data(claim)), retain: true,
        timeout: replicationTimeout)
    } catch {
      logger.warning("wall: '\(me)' could not claim the lead: \(error)")
      return
    }
    let queue = state.withLock { state in
      state.role = .leading(term: term)
      state.claim = claim
      state.lastTerm = max(state.lastTerm, term)
      state.leaderOfflineSince = nil
      state.waitingFrame = nil
      state.queueChanged = true
      return Set(state.queue.keys)
    }
    // Taking over from another member, the broker's queue is the wall's; else this store is.
    let handedOver = previous.map { $0 != me } ?? false
    let from = previous.map { $0 == me ? " again" : ", after '\($0)'" } ?? ""
    logger.info(
      "wall: '\(me)' leads\(from) (term \(term)), with \(queue.count) messages in the wall's queue")
    do {
      let expired = try await service.leadWall(
        term: term, queue: handedOver ? queue : nil, replication: self)
      if !expired.isEmpty {
        logger.info(
          "wall: \(expired.count) messages this store had were not in the wall's queue: expired")
      }
    } catch {
      logger.error("wall: '\(me)' could not take the wall's queue: \(error)")
    }
  }

  /// Follows `leader` from now on.
  private func follow(_ leader: String) async {
    let (before, waiting) = state.withLock { state in
      let before = state.role
      if before != .following(leader) { state.clock = ClockOffsetEstimate() }
      state.role = .following(leader)
      defer { state.waitingFrame = nil }
      return (before, state.waitingFrame)
    }
    await service.followWallLeader(leader)
    switch before {
    case .leading: logger.warning("wall: '\(me)' no longer leads: '\(leader)' does")
    case .following(let old): logger.info("wall: '\(me)' follows '\(leader)' (was '\(old)')")
    case .undecided: logger.info("wall: '\(me)' follows '\(leader)'")
    }
    if let waiting { await takeFrame(waiting) }
  }

  /// The latest claim: it names the leader. True when it is a new one.
  func takeClaim(_ payload: Data) -> Bool {
    guard !payload.isEmpty else { return false }
    let claim: WallLeaderClaim
    do {
      claim = try WallClaimWire.claim(payload)
    } catch {
      logger.warning("wall: a claim to lead cannot be read: \(error)")
      return false
    }
    return state.withLock { state in
      guard state.claim != claim else { return false }
      state.claim = claim
      state.lastTerm = max(state.lastTerm, claim.term)
      state.leaderOfflineSince = state.reports[claim.member]?.online == false ? now() : nil
      return true
    }
  }

  /// A member's status: online or not, its landing and faults, its clock.
  func takeStatus(of member: String, payload: Data) {
    let report: WallMemberReport
    do {
      report = try WallStatusWire.report(payload)
    } catch {
      logger.warning("wall: the status of '\(member)' cannot be read: \(error)")
      return
    }
    if member == me {
      // Our own, or an earlier run's goodbye or last will: say again that we are here.
      if !report.online, state.withLock({ $0.connectedAt != nil }) {
        state.withLock { $0.published = nil }
      }
      return
    }
    let (before, leading) = state.withLock { state in
      let before = state.reports[member]
      state.reports[member] = report
      let leader = state.claim?.member ?? succession.order.first
      if member == leader {
        if !report.online, before?.online != false {
          state.leaderOfflineSince = now()
        } else if report.online {
          state.leaderOfflineSince = nil
        }
      }
      if case .leading = state.role { return (before, true) }
      return (before, false)
    }
    note(member: member, report, before: before, leading: leading)
  }

  /// Logs what changed in a member's state: online or not, its clock out of tolerance.
  private func note(
    member: String, _ report: WallMemberReport, before: WallMemberReport?, leading: Bool
  ) {
    if report.online != before?.online {
      if report.online {
        logger.info("wall: member '\(member)' is online")
      } else {
        logger.warning("wall: member '\(member)' is offline: the wall is degraded")
      }
    }
    if leading, case .outOfTolerance = report.clock, before?.clock != report.clock,
      let problem = WallStatus.Member(name: member, tile: member, report: report).problem
    {
      logger.warning("wall: member '\(member)''s clock is out of tolerance: \(problem)")
    }
  }
}
