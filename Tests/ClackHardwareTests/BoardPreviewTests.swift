import ClackBoard
import ClackCore
import Foundation
import Testing

@testable import ClackHardware

/// The offline commands' view of a board: which kind a file is gets decided by
/// `BoardDefinition.preview()`, and each kind lays out, pictures and checks itself.
struct BoardPreviewTests {
  static func preview(_ file: String) throws -> any BoardPreview {
    try BoardDriveTests.board(file).preview()
  }

  @Test func aFlapBoardsPreviewIsItsFlapsAndNeverScrolls() throws {
    let preview = try Self.preview("sim-6x22.yaml")
    #expect(preview is FlapBoardPreview)
    #expect(preview.layout.rows == 6 && preview.layout.cols == 22)
    #expect(preview.scrolling == nil)
    #expect(preview.defaultScript == .latin)
    #expect(try Self.preview("sim-runes-6x22.yaml").defaultScript == .elder)
    let laid = try preview.layout.layout("HI", options: LayoutOptions())
    let shown = try preview.picture(
      of: laid.frame, style: PreviewStyle(color: false, isTerminal: false))
    #expect(shown.picture.contains("│H│I│"))
    #expect(preview.figures(of: laid) == "2 of 132 characters, 1 of 6 rows, flap set vestaboard\n")
  }

  @Test func aPanelsPreviewIsItsCharacterGridDrawnInLEDs() throws {
    let preview = try Self.preview("ht16k33-16x8.yaml")
    #expect(preview is PixelBoardPreview)
    #expect(preview.scrolling?.boardCols == preview.layout.cols)
    #expect(preview.scrolling?.maxCells == PixelDrive.lineCapacity)
    let laid = try preview.layout.layout("HI", options: LayoutOptions())
    let shown = try preview.picture(
      of: laid.frame, style: PreviewStyle(color: true, isTerminal: true))
    // 8 rows of LEDs are 4 lines of half blocks, whatever the terminal.
    #expect(shown.picture.split(separator: "\n").count == 4)
    #expect(shown.picture.contains("█"))
    #expect(preview.figures(of: laid).contains("16×8 LEDs in"))
  }

  @Test func aCheckSelfTestsTheTwinOfEitherKind() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../boards").standardized
    for file in ["sim-6x22.yaml", "max7219-32x8.yaml"] {
      let path = root.appendingPathComponent(file).path
      let summary = try Self.preview(file).check(file: path, simulate: true)
      #expect(summary.hasPrefix("\(path): valid "))
      #expect(summary.contains("simulated twin: "))
    }
  }

  @Test func aSizeWithoutAFileHasNothingToCheck() throws {
    let preview = FlapBoardPreview(
      layout: TextLayout(rows: 2, cols: 4, flapSet: .vestaboard), name: "the built-in board")
    #expect(throws: PreviewFailure.self) { try preview.check(file: "-", simulate: false) }
  }
}
