import ClackTestSupport
import Foundation
import Testing

/// A daemon drives a Vestaboard Note through its Local API (`modules: {type: vestaboard}`),
/// with another Clack daemon on loopback, a simulated 3 × 15 board serving the Local API,
/// standing in for the Vestaboard: its messages arrive there whole, the stand-in's absence is
/// reported, and what was sent meanwhile arrives when it is back; a board that is not there
/// at the start does not hold the daemon up.
@Suite struct VestaboardOutputTests {
  /// The shipped board file, pointed at the stand-in and its key.
  static func board(port: Int, keyFile: URL) throws -> String {
    let shipped = try String(
      contentsOf: DaemonProcess.root.appendingPathComponent("boards/vestaboard-note.yaml"),
      encoding: .utf8)
    let board =
      shipped
      .replacingOccurrences(of: "http://vestaboard.local:7000", with: "http://127.0.0.1:\(port)")
      .replacingOccurrences(of: "/etc/clack/vestaboard.key", with: keyFile.path)
      .replacingOccurrences(of: "settle_ms: 6000", with: "settle_ms: 500\n    check_s: 1")
    #expect(board.contains("check_s: 1") && board.contains(keyFile.path))
    return board
  }

  /// Every cell of the driving daemon's board faulted, naming the stand-in.
  static func faulted(_ board: [String: Any]) -> Bool {
    let modules = board["modules"] as? [[String: Any]] ?? []
    return modules.count == 45
      && modules.allSatisfy { module in
        ((module["faults"] as? [String]) ?? []).contains { $0.contains("127.0.0.1:17315") }
      }
  }

  /// `text` in Vestaboard codes (A is 1), found on one of the rows of `board`'s codes.
  static func shows(_ text: String, _ board: [String: Any]) -> Bool {
    let codes = text.unicodeScalars.map { $0 == " " ? 0 : Int($0.value) - 64 }
    return board.codes.contains { row in row.indices.contains { row[$0...].starts(with: codes) } }
  }

  /// The stand-in: a Note's 3 × 15 with Vestaboard's flaps, homing in one wave.
  static let standIn = """
    name: note-stand-in
    geometry: {rows: 3, cols: 15}
    flaps: vestaboard
    modules:
      type: shift-register
      wiring: {transport: spi, spi_device: /dev/spidev0.0, chip: pinctrl-bcm2711, latch: 25, load: 24}
    motion: {steps_per_revolution: 1040, start_speed: 400, top_speed: 1000, ramp_ms: 100}
    power: {max_moving: 45}
    simulation: {always: true, seed: 7}
    """

  @Test func aDaemonDrivesAVestaboardAndCatchesItUpWhenItComesBack() async throws {
    // The stand-in's key is made in its state directory at its first start: start it once
    // to make it, then stop it, so that the daemon starts with no board there.
    let vestaboard = try DaemonProcess(port: 17315, board: Self.standIn)
    try await vestaboard.start()
    let keyFile = vestaboard.directory.appendingPathComponent("vestaboard.key")
    try #require(vestaboard.key).write(to: keyFile, atomically: true, encoding: .utf8)
    #expect(await vestaboard.stop() == 0)
    let daemon = try DaemonProcess(
      port: 17316, board: try Self.board(port: 17315, keyFile: keyFile))
    try await daemon.start(simulated: false)
    #expect(await daemon.logs("board not read yet: http://127.0.0.1:17315:"), "ready without it")
    // The daemon says the board is away, once, for the whole board.
    #expect(
      await daemon.logs(
        "45 modules faulted alike, modules 0–44; the first, module 0 (row 1, column 1): http://127.0.0.1:17315:"
      ))
    let early = try await daemon.post("/api/v1/messages", ["text": "FIRST"])
    #expect(early.status == 201)
    try await vestaboard.start()
    let first = try await vestaboard.waitForBoard { Self.shows("FIRST", $0) }
    #expect(Self.shows("FIRST", first), "\(first)")
    #expect(await daemon.logs("45 modules' faults cleared, modules 0–44"))

    let sent = try await daemon.post("/api/v1/messages", ["text": "HELLO NOTE"])
    #expect(sent.status == 201, "\(sent.text)")
    let there = try await vestaboard.waitForBoard { Self.shows("HELLO NOTE", $0) }
    #expect(Self.shows("HELLO NOTE", there), "\(there)")
    let mirrored = try await daemon.waitForBoard { Self.shows("HELLO NOTE", $0) }
    #expect(Self.shows("HELLO NOTE", mirrored), "the driving daemon's board is the board's")

    // The board goes away again: every cell faulted with the reason (the log line is not
    // repeated within ten minutes of the last).
    #expect(await vestaboard.stop() == 0)
    let away = try await daemon.waitForBoard(Self.faulted)
    #expect(Self.faulted(away), "\(away)")
    let later = try await daemon.post("/api/v1/messages", ["text": "WHILE AWAY"])
    #expect(later.status == 201, "acknowledged (and kept) while the board is away")

    // It comes back (the same state, the same key): what was sent meanwhile arrives.
    try await vestaboard.start()
    let caughtUp = try await vestaboard.waitForBoard { Self.shows("WHILE AWAY", $0) }
    #expect(Self.shows("WHILE AWAY", caughtUp), "\(caughtUp)")
    let back = try await daemon.waitForBoard { !Self.faulted($0) && Self.shows("WHILE AWAY", $0) }
    #expect(!Self.faulted(back), "the faults clear once the board answers")
    #expect(await daemon.stop() == 0)
    #expect(daemon.output.contains("http://127.0.0.1:17315 keeps showing its last message"))
    #expect(await vestaboard.stop() == 0)
  }
}
