import ClackAPI
import ClackConfig
import ClackCore
import ClackHardware
import ClackNetworkHAL
import Logging

/// A wall of one controller (docs/walls.md): this daemon drives every tile's board itself,
/// with no broker and no other member. A member of a wall of several that drives several
/// tiles drives them the same way, under its `WallBoard`.
extension Daemon {
  /// A runner for each of this member's tiles after the first (whose runner, `first`, the
  /// daemon made already as it makes any board's), each on its own real-time thread, and one
  /// `TiledBoard` over them all. A calibration saved in the state directory is the first
  /// tile's; the others take their board files' offsets.
  static func openTiledWall(
    _ wall: WallSettings, first: BoardRunner, options: Options, logger: Logger
  ) throws -> TiledBoard {
    let layout: WallLayout
    do {
      layout = try wall.layout()
    } catch {
      throw DaemonError("wall '\(wall.name)': \(error)")
    }
    var boards: [String: any RunningBoard] = [:]
    var started: [BoardRunner] = []
    for (index, tile) in wall.ownTiles.enumerated() {
      guard index > 0 else {
        boards[tile.tile.name] = first
        continue
      }
      do {
        let runner = try BoardRunner(
          board: tile.board, simulate: options.simulate, speed: options.speed,
          realtimeTwin: options.realtimeTwin,
          connect: { url, key in LocalAPIBoardLink(url: url, key: key) })
        started.append(runner)
        boards[tile.tile.name] = runner
        logger.info(
          "wall '\(wall.name)': tile '\(tile.tile.name)' (\(tile.tile.placement)): board \(tile.board.name); \(runner.grant)"
        )
      } catch {
        // The tiles opened so far stop with their coils off.
        for runner in started { _ = runner.stop() }
        throw DaemonError("wall '\(wall.name)': tile '\(tile.tile.name)': \(error)")
      }
    }
    do {
      let board = try TiledBoard(
        name: wall.name, layout: layout, boards: boards, drivesAll: wall.drivesEveryTile)
      let driven = wall.drivesEveryTile ? "all" : "\(boards.count)"
      logger.info(
        "wall '\(wall.name)': \(layout.tiles.count) tiles (\(layout.rows)×\(layout.cols)), \(driven) driven here"
      )
      return board
    } catch {
      for runner in started { _ = runner.stop() }
      throw DaemonError("wall '\(wall.name)': \(error)")
    }
  }
}
