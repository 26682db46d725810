import ClackAPI
import ClackConfig
import ClackCore
import ClackHardware
import ClackMQTT
import ClackMQTTFace
import ClackRuntime
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// A controller that is one member of a wall (docs/walls.md): the leader drives the whole
/// canvas through a `WallBoard` over its own board and publishes the others' parts; a member
/// shows what the leader sends. Each has a connection of its own to the broker.
extension Daemon {
  struct OpenWall {
    /// What the runtime drives: the whole wall, over this member's own board.
    var board: WallBoard
    /// The member's membership as it starts: following the configured leader until the
    /// broker says who leads.
    var membership: WallMembership
    /// The MQTT side, once the runtime exists.
    var service: @Sendable (BoardService) -> any Service
  }

  /// The environment variable that shifts a member's clock, for the wall tests (milliseconds).
  static let clockShiftVariable = "CLACK_WALL_CLOCK_SHIFT_MS"

  /// The clock a wall's member keeps time by: the system's (NTP's), shifted only for tests.
  static func wallClock() -> SystemWallClock {
    let shift = ProcessInfo.processInfo.environment[clockShiftVariable].flatMap(Double.init) ?? 0
    return SystemWallClock(shift: shift / 1000)
  }

  /// Every member drives a `WallBoard` of the whole wall over its own tile's board (or a
  /// `TiledBoard` of its tiles, when it drives several), and
  /// starts out following the configured leader; its `MQTTWallSeat` decides with the others
  /// who leads, and hands the lead over when the leader drops out.
  static func openWall(
    _ wall: WallSettings, mqtt: MQTTSettings, local: any RunningBoard, clock: any DaemonClock,
    logger: Logger
  ) throws(DaemonError) -> OpenWall {
    let topics = WallTopics(prefix: mqtt.prefix, wall: wall.name)
    let transport: any MQTTTransport
    do {
      transport = try MQTTClientFactory.make(
        settings: mqtt, clientID: "clack-wall-\(wall.name)-\(wall.member)",
        will: (topics.member(wall.member), Array(WallStatusWire.offline)),
        finder: brokerFinder(mqtt, logger: logger))
    } catch {
      throw DaemonError("\(error)")
    }
    let layout: WallLayout
    do {
      layout = try wall.layout()
    } catch {
      throw DaemonError("wall '\(wall.name)': \(error)")
    }
    let own = wall.ownTiles.map(\.tile)
    guard let tile = own.first else {
      throw DaemonError("wall '\(wall.name)': member '\(wall.member)' has no tile")
    }
    let link = SeatLink()
    let board: WallBoard
    do {
      board = try WallBoard(
        wall: wall.name, member: wall.member, layout: layout, local: local,
        remoteBoards: wall.otherBoards, link: link, role: .following(wall.leader),
        leadMilliseconds: wall.leadMilliseconds, now: { clock.now() })
    } catch {
      throw DaemonError("wall '\(wall.name)': \(error)")
    }
    let order = wall.succession.joined(separator: ", ")
    logger.info(
      "wall '\(wall.name)': \(own.map { "tile '\($0.name)' (\($0.placement))" }.joined(separator: ", ")) of \(layout.tiles.count) (\(layout.rows)×\(layout.cols)); leaders in turn: \(order)"
    )
    let membership = WallMembership(
      wall: wall.name, member: wall.member, tile: tile.name, tiles: own.map(\.name),
      leader: wall.leader)
    return OpenWall(
      board: board, membership: membership,
      service: { service in
        let made = MQTTWallSeat(
          topics: topics, me: wall.member, layout: layout, service: service,
          transport: transport, logger: logger,
          succession: WallSuccession(
            order: wall.succession, me: wall.member, handoverAfter: wall.handoverSeconds),
          toleranceMilliseconds: wall.toleranceMilliseconds, now: { clock.now() })
        link.seat.withLock { $0 = made }
        return made
      })
  }
}

/// The wall board's link to the seat, which is made after the board (it needs the runtime the
/// board is part of): frames published before then have nobody to go to yet.
private final class SeatLink: WallLink {
  let seat = Mutex<MQTTWallSeat?>(nil)

  func publish(_ frame: WallFrame) { seat.withLock { $0 }?.publish(frame) }
  func reports() -> [String: WallMemberReport] { seat.withLock { $0 }?.reports() ?? [:] }
}
