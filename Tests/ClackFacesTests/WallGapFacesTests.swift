import ClackAPI
import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntimeTestSupport
import ClackWireMapping
import Foundation
import Synchronization
import Testing

@testable import ClackRuntime

/// A wall whose tiles differ in size leaves cells no tile shows: a 2×8 board beside a 1×8
/// one, so the canvas's second row has nothing in columns 9–16. A message that would put a
/// symbol there is refused before it is stored (code `outside_tiles`, naming the cells), not
/// shown in part.
@Suite struct WallGapFacesTests {
  /// A link that keeps nothing: the test reads the leader's refusals, not its frames.
  final class SilentLink: WallLink {
    func publish(_ frame: WallFrame) {}
    func reports() -> [String: WallMemberReport] { [:] }
  }

  @Test func aMessageOverTheGapIsRefusedNamingTheCells() async throws {
    let small = try RuntimeHarness.smallBoard()
    let strip = try BoardDefinition.parse(
      yaml: BuiltinBoard.yaml.replacingOccurrences(of: "rows: 6", with: "rows: 1")
        .replacingOccurrences(of: "cols: 22", with: "cols: 8"),
      file: "strip.yaml")
    let layout = try WallLayout(tiles: [
      WallTile(name: "left", member: "left", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(name: "strip", member: "strip", row: 0, col: 8, rows: 1, cols: 8),
    ])
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let wall = try WallBoard(
      wall: "gap", member: "left", layout: layout, local: RecordingBoard(board: small),
      remoteBoards: ["strip": strip], link: SilentLink(), now: { clock.now() })
    let runtime = try await RuntimeHarness.runtime(
      on: wall, RuntimeHarness.unscheduled(dwell: 300), clock: clock)
    await runtime.display.step()

    // Two lines of a 2×16 canvas: the second reaches the strip's missing row.
    var refusal: AcceptError?
    do {
      _ = try await runtime.messages.accept(
        NewMessage(sender: "t", body: .text("THE TOP LINE AND THE SECOND")))
    } catch {
      refusal = error
    }
    guard case .unshown(let cells, let zone) = refusal else {
      Issue.record("not refused for the gap: \(String(describing: refusal))")
      return
    }
    #expect(zone == "main" && cells.row == 2 && cells.firstCol >= 9 && cells.lastCol <= 16)
    let api = APIError.from(try #require(refusal))
    #expect(api.status == .badRequest && api.code == "outside_tiles")
    #expect(api.message.contains("row 2") && api.message.contains("where no tile shows it"))
    #expect(try runtime.service.messages().isEmpty, "nothing stored")

    // One line on the top row shows on both tiles.
    let top = try await runtime.messages.accept(
      NewMessage(sender: "t", body: .text("ALL ON THE TOP", align: .top)))
    #expect(top.message.frame?[0, 1] == .glyph("A"), "from column 2, centred")
  }
}
