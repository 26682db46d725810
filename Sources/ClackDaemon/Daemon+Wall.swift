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

/// A controller that is one member of a wall (docs/walls.md): the leader drives the whole
/// canvas through a `WallBoard` over its own board and publishes the others' parts; a member
/// shows what the leader sends. Each has a connection of its own to the broker.
extension Daemon {
  struct OpenWall {
    /// What the runtime drives: the whole wall on the leader, the member's own board else.
    var board: any RunningBoard
    /// The member's membership (nil on the leader).
    var membership: WallMembership?
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

  static func openWall(
    _ wall: WallSettings, mqtt: MQTTSettings, local: BoardRunner, clock: any DaemonClock,
    logger: Logger
  ) throws(DaemonError) -> OpenWall {
    let topics = WallTopics(prefix: mqtt.prefix, wall: wall.name)
    let transport: any MQTTTransport
    do {
      transport = try MQTTClientFactory.make(
        settings: mqtt, clientID: "clack-wall-\(wall.name)-\(wall.member)",
        will: (topics.member(wall.member), Array(WallStatusWire.offline)))
    } catch {
      throw DaemonError("\(error)")
    }
    let layout: WallLayout
    do {
      layout = try wall.layout()
    } catch {
      throw DaemonError("wall '\(wall.name)': \(error)")
    }
    guard let tile = wall.ownTile?.tile else {
      throw DaemonError("wall '\(wall.name)': member '\(wall.member)' has no tile")
    }
    if wall.isLeader {
      let link = MQTTWallLeader(
        topics: topics, leader: wall.member, transport: transport, logger: logger,
        now: { clock.now() })
      // Numbered after every frame an earlier run sent: its start, in milliseconds.
      let term = Int(clock.now().timeIntervalSince1970 * 1000)
      do {
        let board = try WallBoard(
          wall: wall.name, member: wall.member, layout: layout, local: local,
          remoteBoards: wall.otherBoards, link: link, term: term,
          leadMilliseconds: wall.leadMilliseconds, now: { clock.now() })
        logger.info(
          "wall '\(wall.name)': leading \(layout.tiles.count) tiles (\(layout.rows)×\(layout.cols)) from tile '\(tile.name)'"
        )
        link.reportOwn { board.ownReport() }
        return OpenWall(board: board, membership: nil, service: { _ in link })
      } catch {
        throw DaemonError("wall '\(wall.name)': \(error)")
      }
    }
    logger.info(
      "wall '\(wall.name)': tile '\(tile.name)' (\(tile.placement)), led by '\(wall.leader)'")
    let membership = WallMembership(
      wall: wall.name, member: wall.member, tile: tile.name, leader: wall.leader)
    return OpenWall(
      board: local, membership: membership,
      service: { service in
        MQTTWallMember(
          topics: topics, member: wall.member, layout: layout, service: service,
          transport: transport, logger: logger,
          toleranceMilliseconds: wall.toleranceMilliseconds)
      })
  }
}
