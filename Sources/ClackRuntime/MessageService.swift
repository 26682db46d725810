import ClackContent
import ClackCore
import ClackStore
import Foundation

/// The one way a message enters the queue, below every face (REST, the Vestaboard Local API,
/// MQTT): it chooses the zone, lays the message out once (keeping the frame), commits it,
/// publishes its event, wakes the display and says when it will show. The faces only
/// translate their wire formats into a `NewMessage` and the receipt or error back.
public struct MessageService: Sendable {
  public let committer: MessageCommitter
  let display: Display
  /// Sender zones, limits and the time zone text is laid out in: as the config is now.
  let settings: LiveConfig
  let events: EventHub
  let clock: DaemonClock
  let latency: AcceptLatency?
  /// Told of each message accepted, so a burst's memory is handed back once it is over.
  let relief: MemoryRelief?

  public init(
    committer: MessageCommitter, display: Display, settings: LiveConfig, events: EventHub,
    clock: DaemonClock, latency: AcceptLatency?, relief: MemoryRelief? = nil
  ) {
    self.relief = relief
    self.committer = committer
    self.display = display
    self.settings = settings
    self.events = events
    self.clock = clock
    self.latency = latency
  }

  public var zones: [ZoneSpec] { display.zones }

  /// Accepts a message: once this returns, it is durable and may be acknowledged.
  public func accept(_ submission: NewMessage) async throws(AcceptError) -> Receipt {
    if let membership = display.wallMembership.withLock({ $0 }) {
      // Taken here it would never be shown: the member's board shows the leader's frames.
      throw .wallMember(membership)
    }
    let now = clock.now()
    var message = submission
    let zone = try zone(for: submission)
    message.zone = zone.name
    if case .text(let text, let justify, let align, _) = submission.body {
      // Text that names no script takes the board's, as it is now.
      let script = if let script = submission.script { script } else { display.script }
      message.body = .text(text, justify: justify, align: align, script: script)
    }
    message.frame = try layout(message.body, in: zone)
    if case .vbml = message.body, let codes = try? message.frame?.codes() {
      // A document is kept as the codes it composed to for this zone.
      message.body = .codes(codes)
    }
    let accepted: Accepted
    let policy = settings.current.senderPolicy
    do {
      // On the commit thread (the fsync never blocks the cooperative pool or the display
      // loop), in one transaction with the messages that arrive with it.
      accepted = try await committer.enqueue(Submission(message, at: now, policy: policy))
    } catch {
      throw .store(error)
    }
    let stored = accepted.message
    if let replication = display.wallReplication.withLock({ $0 }) {
      do {
        try await replication.replicate(accepted: stored.id, replaced: accepted.replaced)
      } catch {
        // Unacknowledged, it must not be shown either: a retry would show it twice.
        do {
          try committer.store.withdraw(accepted, at: now)
        } catch let failure {
          throw .store(failure)
        }
        await display.storeChanged()
        throw .notReplicated(error)
      }
    }
    relief?.note()
    latency?.accepted(at: AcceptLatency.now(), id: stored.id)
    events.publish(
      .message(id: stored.id, state: .queued, reason: "accepted from \(stored.sender)"))
    var (estimate, move) = await display.accepted(stored, replaced: accepted.replaced)
    estimate.transitionSeconds = display.transitionSeconds(of: move)
    return Receipt(
      message: stored, replaced: accepted.replaced, acceptedAt: now, position: estimate.position,
      displayAt: estimate.displayAt, waitSeconds: estimate.waitSeconds,
      transitionSeconds: estimate.transitionSeconds,
      heldByQuietHours: estimate.heldByQuietHours)
  }

  /// The zone it names, else its sender's, else the first.
  public func zone(for message: NewMessage) throws(AcceptError) -> ZoneSpec {
    let name = message.zone ?? settings.current.senderZones[message.sender] ?? zones[0].name
    guard let zone = zones.first(where: { $0.name == name }) else {
      throw .unknownZone(name, zones: zones.map(\.name))
    }
    return zone
  }

  /// The frame the body shows in `zone`, or exactly why it cannot be shown there. Nil for text
  /// that scrolls on a pixel board: a frame cannot hold it, so it is laid out when shown.
  func layout(_ body: MessageBody, in zone: ZoneSpec) throws(AcceptError) -> Frame? {
    do {
      let renderer = Display.renderer(for: display.runner, config: settings.current)
      let screen = try renderer.screen(for: body, in: zone)
      return screen.scrolling.isEmpty ? screen.frame : nil
    } catch let error as LayoutError {
      throw .layout(error, zone: zone.name)
    } catch let error as SizeMismatch {
      throw .wrongSize(error)
    } catch let error as VBMLError {
      throw .vbml(error)
    } catch let error as UnshownCells {
      throw .unshown(error, zone: zone.name)
    } catch {
      throw .unsupportedCodes("\(error)")
    }
  }
}

/// What the accept service answers: the message as stored and when it will show.
public struct Receipt: Sendable, Hashable {
  public let message: Message
  /// The sender's older queued messages this one replaced.
  public let replaced: [Int64]
  public let acceptedAt: Date
  /// 1 when it is next for its zone.
  public let position: Int
  public let displayAt: Date
  /// Real seconds until then (a sped-up simulation's clock runs ahead of the wall).
  public let waitSeconds: Double
  /// How long the board will move to show it.
  public let transitionSeconds: Double
  /// True when quiet hours hold it back.
  public let heldByQuietHours: Bool
}

/// Why a message was not accepted, typed so each face can say it in its own words.
public enum AcceptError: Error, Sendable {
  case unknownZone(String, zones: [String])
  /// Text that does not fit or has characters the flaps lack.
  case layout(LayoutError, zone: String)
  /// Rows of codes that are not the zone's size.
  case wrongSize(SizeMismatch)
  /// Codes that are not in the table, or not on this board's flaps.
  case unsupportedCodes(String)
  /// On a wall whose tiles leave a gap: symbols where no tile would show them.
  case unshown(UnshownCells, zone: String)
  /// The store refused it (rate limit, a bad field) or failed.
  /// A VBML document that cannot be composed, or shown, in its zone.
  case vbml(VBMLError)
  case store(StoreError)
  /// This board is a tile of a wall, which shows what its leader sends: messages go there.
  case wallMember(WallMembership)
  /// This board leads a wall, and the wall's broker did not take the message in time: were
  /// the leader to stop, the member taking over would not have it.
  case notReplicated(ReplicationError)
}

/// Where a wall's leader hands the messages it accepts (docs/walls.md): to the broker, from
/// which the other members keep a copy, so the one that takes over has every message the
/// leader acknowledged.
public protocol MessageReplication: Sendable {
  /// Hands message `accepted` (and the change to the ones it `replaced`) to the wall; returns
  /// once the broker holds it.
  func replicate(accepted: Int64, replaced: [Int64]) async throws(ReplicationError)
}

/// Why a message could not be handed to the wall's broker.
public struct ReplicationError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
