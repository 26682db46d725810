import ClackBoard
import ClackConfig
import ClackCore
import Foundation
import Testing

/// The `wall:` section: the tiles make a canvas from their boards, this member and the leader
/// are among them, and every mistake names its field.
@Suite struct WallConfigTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The three-Pi wall of docs/walls.md, as the middle Pi's config has it.
  static let threePis = """
    mqtt: {host: broker.lan}
    wall:
      name: lobby
      member: middle
      leader: left
      tiles:
        - {member: left, row: 1, col: 1, board: boards/sim-6x22.yaml}
        - {member: middle, row: 1, col: 23, board: boards/sim-6x22.yaml}
        - {member: right, row: 1, col: 45}
    """

  static func parse(_ yaml: String) throws -> DaemonConfig {
    try DaemonConfig.parse(yaml: yaml, file: "c.yaml", baseDirectory: root.path)
  }

  @Test func theThreePiWallIsReadWithItsDefaults() throws {
    let config = try Self.parse(Self.threePis)
    let wall = try #require(config.wall)
    #expect(wall.name == "lobby" && wall.member == "middle" && wall.leader == "left")
    #expect(wall.succession == ["left", "middle", "right"], "the leader, then the tiles' order")
    #expect(wall.toleranceMilliseconds == 10 && wall.leadMilliseconds == 300)
    #expect(wall.handoverSeconds == 5)
    let later = try #require(
      try Self.parse(
        Self.threePis.replacingOccurrences(
          of: "leader: left", with: "leader: right\n  handover_s: 12")
      ).wall)
    #expect(later.succession == ["right", "left", "middle"] && later.handoverSeconds == 12)
    let layout = try wall.layout()
    #expect(layout.rows == 6 && layout.cols == 66)
    #expect(layout.tiles.map(\.name) == ["left", "middle", "right"])
    #expect(layout.tiles[1].col == 22, "columns count from 1 in the file")
    // This controller drives its own tile's board.
    #expect(config.boardPath == Self.root.appendingPathComponent("boards/sim-6x22.yaml").path)
    #expect(wall.otherBoards.keys.sorted() == ["left", "right"])
    #expect(wall.tiles[2].boardPath == nil, "no board: the built-in simulated board")
  }

  /// The error `yaml` gives, in words.
  static func error(_ yaml: String) -> String {
    do {
      _ = try parse(yaml)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func mistakesNameTheirField() {
    let cases: [(String, String)] = [
      (
        Self.threePis.replacingOccurrences(of: "mqtt: {host: broker.lan}\n", with: ""),
        "wall: a wall of several controllers needs the mqtt section"
      ),
      (
        Self.threePis.replacingOccurrences(of: "member: middle\n", with: "member: nobody\n"),
        "wall.member: 'nobody' has no tile; the tiles' members are left, middle, right"
      ),
      (
        Self.threePis.replacingOccurrences(of: "leader: left", with: "leader: boss"),
        "wall.leader: 'boss' has no tile"
      ),
      (
        Self.threePis.replacingOccurrences(of: "col: 23", with: "col: 20"),
        "wall.tiles: tiles 'left' and 'middle' overlap at row 1, column 20"
      ),
      (
        Self.threePis.replacingOccurrences(of: "member: right", with: "member: left"),
        // A member may drive several tiles, each named: the name defaults to the member's.
        "wall.tiles: two tiles are named 'left': give each tile a name of its own"
      ),
      (
        Self.threePis.replacingOccurrences(of: "name: lobby", with: "name: The Lobby"),
        "wall.name: 'The Lobby' cannot be one topic level"
      ),
      (
        Self.threePis.replacingOccurrences(of: "col: 45}", with: "col: 45, board: nowhere.yaml}"),
        "nowhere.yaml"
      ),
      (
        "board: boards/vestaboard-note.yaml\n" + Self.threePis,
        "board: names another board than wall tile 'middle'"
      ),
      (
        Self.threePis.replacingOccurrences(of: "leader: left", with: "leader: left\n  lead_ms: 5"),
        "wall.lead_ms: 5 is out of range 20-10000"
      ),
      (
        Self.threePis.replacingOccurrences(
          of: "leader: left", with: "leader: left\n  handover_s: 0"),
        "wall.handover_s: 0 is out of range 1-3600"
      ),
    ]
    for (yaml, expected) in cases {
      let error = Self.error(yaml)
      #expect(error.contains(expected), "\(error)")
    }
  }
}

extension WallConfigTests {
  /// Two Vestaboard Notes and the built-in board, every tile this controller's: no broker,
  /// no leader to name.
  static let oneController = """
    wall:
      name: notes
      member: home
      tiles:
        - {member: home, name: left, row: 1, col: 1, board: boards/vestaboard-note.yaml}
        - {member: home, name: right, row: 1, col: 16, board: boards/vestaboard-note.yaml}
    """

  @Test func aMemberMayDriveSeveralTiles() throws {
    let yaml = Self.threePis.replacingOccurrences(
      of: "{member: right, row: 1, col: 45}",
      with: "{member: middle, name: far, row: 1, col: 45, board: boards/vestaboard-note.yaml}")
    let config = try Self.parse(yaml)
    let wall = try #require(config.wall)
    #expect(wall.ownTiles.map(\.tile.name) == ["middle", "far"])
    #expect(!wall.drivesEveryTile, "the left tile is another controller's")
    #expect(wall.succession == ["left", "middle"], "each member once")
    #expect(wall.otherBoards.keys.sorted() == ["left"])
    // The first of its tiles' boards is the one the config's board names.
    #expect(config.boardPath == Self.root.appendingPathComponent("boards/sim-6x22.yaml").path)
  }

  @Test func aWallOfOneControllerNeedsNoBrokerAndNoLeader() throws {
    let config = try Self.parse(Self.oneController)
    let wall = try #require(config.wall)
    #expect(wall.drivesEveryTile && wall.leader == "home")
    #expect(config.mqtt == nil)
    let layout = try wall.layout()
    #expect(layout.rows == 3 && layout.cols == 30)
    #expect(wall.ownTile?.tile.name == "left", "the first tile's board is the one named")
    #expect(
      config.boardPath == Self.root.appendingPathComponent("boards/vestaboard-note.yaml").path)
    // A wall of several controllers still needs its broker and its leader.
    #expect(try !#require(Self.parse(Self.threePis).wall).drivesEveryTile)
    let cases: [(String, String)] = [
      (
        Self.oneController.replacingOccurrences(of: "name: right, ", with: "")
          .replacingOccurrences(of: "name: left, ", with: ""),
        "wall.tiles: two tiles are named 'home': give each tile a name of its own"
      ),
      (
        Self.threePis.replacingOccurrences(of: "  leader: left\n", with: ""),
        "wall: the field 'leader' is missing"
      ),
      (
        Self.oneController.replacingOccurrences(
          of: "member: home, name: right", with: "member: away, name: right"
        ).replacingOccurrences(of: "  member: home\n", with: "  member: home\n  leader: home\n"),
        "wall: a wall of several controllers needs the mqtt section"
      ),
    ]
    for (yaml, expected) in cases {
      let error = Self.error(yaml)
      #expect(error.contains(expected), "\(error)")
    }
  }

  @Test func aChangedWallWaitsForTheRestart() throws {
    let running = try Self.parse(Self.threePis)
    let changed = try Self.parse(
      Self.threePis.replacingOccurrences(of: "leader: left", with: "leader: right"))
    #expect(changed.restartOnlyChanges(comparedTo: running) == ["wall"])
    #expect(running.restartOnlyChanges(comparedTo: running).isEmpty)
  }
}
