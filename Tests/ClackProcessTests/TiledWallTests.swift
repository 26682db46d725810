import ClackTestSupport
import Foundation
import Testing

/// A wall of one controller (docs/walls.md): one daemon drives two Vestaboard Notes side by
/// side as one 3 × 30 board, with no broker. Two Clack daemons on loopback, each a simulated
/// Note serving the Local API, stand in for the Notes: a message sent to the driving daemon
/// is laid out across the wall, each Note shows its part, and the driving daemon's board is
/// the two together.
@Suite struct TiledWallTests {
  static let wall = """
    wall:
      name: notes
      member: home
      tiles:
        - {member: home, name: left, row: 1, col: 1, board: board.yaml}
        - {member: home, name: right, row: 1, col: 16, board: right.yaml}
    """

  /// A stand-in Note, started, and the file holding its Local API key.
  static func note(port: Int) async throws -> (DaemonProcess, URL) {
    let note = try DaemonProcess(port: port, board: VestaboardOutputTests.standIn)
    try await note.start()
    let keyFile = note.directory.appendingPathComponent("vestaboard.key")
    try #require(note.key).write(to: keyFile, atomically: true, encoding: .utf8)
    return (note, keyFile)
  }

  @Test func oneDaemonDrivesTwoNotesAsOneBoard() async throws {
    let (left, leftKey) = try await Self.note(port: 17317)
    let (right, rightKey) = try await Self.note(port: 17318)
    let daemon = try DaemonProcess(
      config: Self.wall, port: 17319,
      board: try VestaboardOutputTests.board(port: 17317, keyFile: leftKey))
    try VestaboardOutputTests.board(port: 17318, keyFile: rightKey).write(
      to: daemon.directory.appendingPathComponent("right.yaml"), atomically: true,
      encoding: .utf8)
    try await daemon.start(simulated: false)
    #expect(await daemon.logs("wall 'notes': 2 tiles (3×30), all driven here"))

    // 24 letters, centred on the 30 columns: columns 4 to 27, across both Notes.
    let sent = try await daemon.post("/api/v1/messages", ["text": "LEFT NOTE AND RIGHT NOTE"])
    #expect(sent.status == 201, "\(sent.text)")
    let onLeft = try await left.waitForBoard { VestaboardOutputTests.shows("LEFT NOTE AN", $0) }
    #expect(VestaboardOutputTests.shows("LEFT NOTE AN", onLeft), "\(onLeft.codes)")
    let onRight = try await right.waitForBoard {
      VestaboardOutputTests.shows("D RIGHT NOTE", $0)
    }
    #expect(VestaboardOutputTests.shows("D RIGHT NOTE", onRight), "\(onRight.codes)")
    let whole = try await daemon.waitForBoard {
      VestaboardOutputTests.shows("LEFT NOTE AND RIGHT NOTE", $0)
    }
    #expect(whole.codes.count == 3 && whole.codes.allSatisfy { $0.count == 30 })
    #expect(VestaboardOutputTests.shows("LEFT NOTE AND RIGHT NOTE", whole), "\(whole.codes)")

    #expect(await daemon.stop() == 0)
    #expect(daemon.output.contains("tile 'left': http://127.0.0.1:17317 keeps showing"))
    #expect(daemon.output.contains("tile 'right': http://127.0.0.1:17318 keeps showing"))
    #expect(await left.stop() == 0)
    #expect(await right.stop() == 0)
  }
}
