import ClackCore
import ClackHardware
import ClackStore
import Foundation

/// A wall member's side of the service (docs/walls.md): the MQTT face hands it the frames
/// its leader publishes and reports what became of them.
extension BoardService {
  /// Makes this daemon a member of `membership`'s wall: its board shows what the leader sends
  /// from now on, starting after the last frame it showed before a restart.
  public func followWall(_ membership: WallMembership) async {
    let last: WallFrameStamp?
    do {
      last = try store.value(of: .wallFrame)
    } catch {
      last = nil
    }
    await display.followWall(membership, last: last)
  }

  /// Shows this member's part of `frame` at its instant (once, in order).
  public func follow(_ frame: WallFrame) async -> Display.FollowOutcome {
    await display.follow(frame)
  }

  /// The config's picture pages' pictures by fingerprint: a leader's frame names a tile's
  /// picture so, and every member reads the same files.
  public var wallPictures: [String: Picture] {
    var pictures: [String: Picture] = [:]
    for page in settings.current.pages {
      if case .picture(let picture, _) = page.template { pictures[picture.fingerprint] = picture }
    }
    return pictures
  }

  /// What this member tells its leader: the last frame shown, how its landing went, and its
  /// board's faults. `clock` is the member's own measure of its clock against the leader's.
  public func wallReport(clock: ClockJudgement) async -> WallMemberReport {
    // The leader measures its own tile's landing on its wall board.
    if let board = wallBoard, board.role == .leading { return board.ownReport() }
    let shown = await display.wallFrameShown
    let landing = await display.wallFrameLanding
    // Each module's fault in words ("module 3: no home pulse"), at most a handful.
    // Its own tile's: the others' are theirs to say.
    let faults = (wallBoard?.local.state ?? display.runner.state).faults.compactMap {
      $0?.description
    }
    return WallMemberReport(
      online: true, shown: shown, landedMilliseconds: landing,
      faults: Array(faults.prefix(8)), clock: clock)
  }
}

/// Leadership changing hands (docs/walls.md): every member drives a `WallBoard` of the whole
/// wall, so the one that takes over shows the wall's content from where the last frame left
/// it, from the wall's queue its store holds.
extension BoardService {
  /// The wall board this daemon drives, if it is a wall's member.
  var wallBoard: WallBoard? { display.runner as? WallBoard }

  /// Leads the wall from now on, numbering frames in `term`. `queue` is the wall's queue as
  /// the broker holds it (message ids) when another member led before: any other message
  /// this store has live is expired, as the wall no longer has it (it was done while this
  /// member was away). Nil when this member led last, or nobody did: its store is the wall's
  /// queue. Each message accepted from now on goes to `replication` before it is
  /// acknowledged.
  public func leadWall(term: Int, queue: Set<Int64>?, replication: any MessageReplication)
    async throws(ServiceError) -> [Int64]
  {
    guard let board = wallBoard else { return [] }
    let now = clock.now()
    let reason = "not in wall '\(board.wall)''s queue when '\(board.member)' took the lead"
    let expired = try await write { store throws(StoreError) in
      let expired =
        try queue.map { queue throws(StoreError) in
          try store.expireLive(except: queue, at: now, reason: reason)
        } ?? []
      // Its display starts afresh: it decides again what each zone shows (the newest).
      try store.requeueShowing(
        at: now, reason: "'\(board.member)' took the lead of wall '\(board.wall)' and chose again")
      return expired
    }
    board.lead(term: term)
    display.wallReplication.withLock { $0 = replication }
    await display.leadWall()
    return expired
  }

  /// Shows what `leader` sends from now on (the frames after the last one shown here).
  public func followWallLeader(_ leader: String) async {
    guard let board = wallBoard else { return }
    display.wallReplication.withLock { $0 = nil }
    let leading = board.role == .leading
    board.follow(leader)
    let membership = WallMembership(
      wall: board.wall, member: board.member, tile: board.localTiles[0].name,
      tiles: board.localTiles.map(\.name), leader: leader)
    if leading {
      await display.followWall(membership, last: board.stamp)
    } else {
      display.wallMembership.withLock { $0 = membership }
    }
  }

  /// The rows of the messages `ids` (those that exist), for the wall's other members.
  public func messageReplicas(ids: [Int64]) throws(ServiceError) -> [MessageReplica] {
    try read { store throws(StoreError) in try store.replicas(ids: ids) }
  }

  /// Every live message's row, for the wall's other members.
  public func liveMessageReplicas() throws(ServiceError) -> [MessageReplica] {
    try read { store throws(StoreError) in try store.liveReplicas() }
  }

  /// Keeps a row of the leader's queue, so this member has it should it take over.
  public func keepReplica(_ replica: MessageReplica, from leader: String)
    async
    throws(ServiceError)
  {
    let now = clock.now()
    _ = try await write { store throws(StoreError) in
      try store.applyReplica(replica, at: now, from: "the wall's leader '\(leader)'")
    }
  }

  /// Forgets a message the leader's queue no longer has (shown, expired or removed).
  public func dropReplica(id: Int64) async throws(ServiceError) {
    _ = try await write { store throws(StoreError) in try store.remove(id: id) }
  }
}
