import ClackBoard
import ClackCore

/// The `wall:` section (docs/walls.md): this controller is one member of a wall of several,
/// which coordinate through the `mqtt:` section's broker, or drives every tile of a wall of
/// its own. Every member's config lists the same tiles; each names itself in `member`, and
/// drives the tiles that name it (one or several).
public struct WallSettings: Sendable, Hashable {
  /// The wall's name, one topic level: `<prefix>/wall/<name>/…`.
  public var name: String
  /// This controller's name among the members.
  public var member: String
  /// The member that leads first: it runs the queue, pages and schedules for the whole wall
  /// until it drops out; then the next member in the tiles' order takes over.
  public var leader: String
  /// How long the leader may be offline before the next member takes over, in seconds.
  public var handoverSeconds = 5.0
  /// How far a member's clock may be from the leader's before it is named, in milliseconds.
  public var toleranceMilliseconds = 10
  /// How long before its start a change is sent to the members, in milliseconds: enough for
  /// the broker to pass it on.
  public var leadMilliseconds = 300
  /// The tiles, as the file lists them, each with its board.
  public var tiles: [Tile]

  public struct Tile: Sendable, Hashable {
    public var tile: WallTile
    /// The tile's board file (nil: the built-in simulated 6 × 22 board).
    public var boardPath: String?
    public var board: BoardDefinition
  }

  public init(name: String, member: String, leader: String, tiles: [Tile]) {
    self.name = name
    self.member = member
    self.leader = leader
    self.tiles = tiles
  }

  /// The tiles as one canvas; checked when the file is read.
  public func layout() throws(WallLayoutError) -> WallLayout {
    try WallLayout(tiles: tiles.map(\.tile))
  }

  /// The wall's canvas as one board, as content is laid out on it: every tile's symbols, and
  /// the LED tiles' cells, where a picture page may show.
  public func canvas() throws -> BoardDefinition {
    let layout = try layout()
    return try BoardDefinition.canvas(
      name: name, rows: layout.rows, cols: layout.cols, tiles: tiles.map(\.board),
      pictureAreas: layout.tiles.filter(\.scrolls).map(\.cells))
  }

  /// This member's tile (its first, when it drives several).
  public var ownTile: Tile? { tiles.first { $0.tile.member == member } }

  /// Every tile this member drives, in the file's order.
  public var ownTiles: [Tile] { tiles.filter { $0.tile.member == member } }

  /// True on a wall of one controller: this one drives every tile, with no broker and no
  /// other member (`TiledBoard`).
  public var drivesEveryTile: Bool { tiles.allSatisfy { $0.tile.member == member } }

  /// The members in the order they lead: the configured leader, then the others as the
  /// tiles list them.
  public var succession: [String] {
    var seen: Set<String> = [leader]
    return [leader] + tiles.map(\.tile.member).filter { seen.insert($0).inserted }
  }

  /// The other tiles' boards, by tile name (what the leader forecasts them by).
  public var otherBoards: [String: BoardDefinition] {
    Dictionary(
      uniqueKeysWithValues: tiles.filter { $0.tile.member != member }.map {
        ($0.tile.name, $0.board)
      })
  }
}
