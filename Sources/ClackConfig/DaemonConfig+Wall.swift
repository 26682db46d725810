import ClackBoard
import ClackCore
import ClackMQTT

extension YAMLReader {
  /// The `wall:` section: its name, this member, the leader, and the tiles, each a board file
  /// placed on the canvas (rows and columns counted from 1, as zones are). Every mistake
  /// names its field; the tiles must make a wall (no overlaps), a member drives the tiles
  /// that name it (when one member drives them all, a wall of one controller, it needs no
  /// leader), and the leader and this member are among them.
  func wallSettings(resolve: (String) -> String) throws(BoardFileError) -> WallSettings {
    let fields = try fields(
      allowed: ["name", "member", "leader", "tolerance_ms", "lead_ms", "handover_s", "tiles"],
      required: ["name", "member", "tiles"])
    let name = try fields.required("name").topicLevel()
    let tilesField = try fields.required("tiles")
    var tiles: [WallSettings.Tile] = []
    for item in try tilesField.items() { tiles.append(try item.wallTile(resolve: resolve)) }
    // One controller may drive every tile (a wall of its own).
    let members = Set(tiles.map(\.tile.member))
    let oneController = members.count == 1
    let known = members.sorted().joined(separator: ", ")
    let memberField = try fields.required("member")
    let member = try memberField.string()
    guard members.contains(member) else {
      throw memberField.error("'\(member)' has no tile; the tiles' members are \(known)")
    }
    // A wall of one controller has nobody else to lead it.
    let leader: String
    if let leaderField = fields["leader"] {
      leader = try leaderField.string()
      guard members.contains(leader) else {
        throw leaderField.error("'\(leader)' has no tile; the tiles' members are \(known)")
      }
    } else if oneController {
      leader = member
    } else {
      _ = try fields.required("leader")
      leader = member
    }
    do {
      _ = try WallLayout(tiles: tiles.map(\.tile))
    } catch {
      throw tilesField.error(error.description)
    }
    var settings = WallSettings(name: name, member: member, leader: leader, tiles: tiles)
    if let tolerance = fields["tolerance_ms"] {
      settings.toleranceMilliseconds = try tolerance.int(in: 1...10_000)
    }
    if let lead = fields["lead_ms"] { settings.leadMilliseconds = try lead.int(in: 20...10_000) }
    if let handover = fields["handover_s"] {
      settings.handoverSeconds = Double(try handover.int(in: 1...3600))
    }
    return settings
  }

  /// `{member, name, row, col, board}`: the tile's size is its board's.
  private func wallTile(resolve: (String) -> String) throws(BoardFileError) -> WallSettings.Tile {
    let fields = try self.fields(
      allowed: ["member", "name", "row", "col", "board"], required: ["member", "row", "col"])
    let member = try fields.required("member").topicLevel()
    let name = try fields["name"]?.topicLevel() ?? member
    let path = try fields["board"].map { field throws(BoardFileError) in resolve(try field.string())
    }
    let board: BoardDefinition
    if let path { board = try BoardFile.load(path: path) } else { board = try BuiltinBoard.load() }
    let tile = WallTile(
      name: name, member: member, row: try fields.required("row").int(in: 1...256) - 1,
      col: try fields.required("col").int(in: 1...512) - 1, rows: board.rows, cols: board.cols,
      scrolls: board.pixels != nil)
    return WallSettings.Tile(tile: tile, boardPath: path, board: board)
  }

  /// A name that is one MQTT topic level: lower-case letters, digits, `-` and `_`.
  fileprivate func topicLevel() throws(BoardFileError) -> String {
    let text = try string()
    guard !text.isEmpty, MQTTTopics.slug(text) == text else {
      throw error(
        "'\(text)' cannot be one topic level; use lower-case letters, digits, - and _, such as "
          + MQTTTopics.slug(text))
    }
    return text
  }
}
