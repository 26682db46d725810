import ClackBoard
import ClackHardware
import ClackSimHAL
import ClackTestSupport
import Foundation
import Testing

/// Every shipped flap board's bus work fits its tick with a fifth to spare, measured on its
/// twin at the bus clocks its file gives (docs/boards.md, "Bus time").
@Suite struct ShippedBoardsBusTimeTests {
  static let flapBoards: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: boardsDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.sorted().filter { file in
      guard let board = try? loadBoard(file) else { return false }
      guard case .some(let hardware) = board.hardware, board.pixels == nil else { return false }
      // A Vestaboard's own controller moves its flaps: no bus of Clack's.
      if case .vestaboard = hardware { return false }
      return true
    }
  }()

  @Test func thereAreFlapBoardsToCheck() {
    #expect(Self.flapBoards.count >= 6, "\(Self.flapBoards)")
  }

  @Test(arguments: flapBoards)
  func everyShippedFlapBoardsBusWorkFitsItsTick(file: String) throws {
    let measured = try TickBusTime.measure(try loadBoard(file))
    #expect(measured.ticks > 100)
    #expect(measured.worstMicroseconds > 0, "a twin's bus takes time")
    #expect(
      measured.fits,
      "\(file): \(measured.worstMicroseconds) µs of a \(measured.tickMicroseconds) µs tick")
  }

  static let pixelBoards: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: boardsDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.sorted().filter { file in
      (try? BoardFile.load(path: boardsDirectory.appendingPathComponent(file).path))?.pixels
        != nil
    }
  }()

  @Test(arguments: pixelBoards)
  func everyShippedPanelsBusWorkFitsItsFrame(file: String) throws {
    let board = try #require(
      try BoardFile.load(path: boardsDirectory.appendingPathComponent(file).path).pixels)
    let measured = try TickBusTime.measure(pixels: board)
    #expect(measured.worstMicroseconds > 0, "a twin's bus takes time")
    #expect(
      measured.fits,
      "\(file): \(measured.worstMicroseconds) µs of a \(measured.tickMicroseconds) µs frame")
  }

  @Test func aPanelsFrameIsTheBusTimeOfItsChipsWrites() throws {
    // ht16k33-32x8: four chips, each frame's 16 display bytes in one write after the register
    // (a start, 18 bytes of nine clocks, a stop: 164 clocks) and a call's 20 µs: at 100 kHz.
    let board = try #require(
      try BoardFile.load(path: boardsDirectory.appendingPathComponent("ht16k33-32x8.yaml").path)
        .pixels)
    #expect(try TickBusTime.measure(pixels: board).worstMicroseconds == 4 * (1640 + 20))
  }

  @Test func aColourChainsFrameIsItsWholeTransfer() throws {
    // ws2812-16x16: 256 LEDs × 24 bits × 3 SPI bits and 90 reset bytes (2394 bytes) at
    // 2.4 MHz, 7980 µs, and a call's 20 µs, every frame.
    let board = try #require(
      try BoardFile.load(path: boardsDirectory.appendingPathComponent("ws2812-16x16.yaml").path)
        .pixels)
    #expect(try TickBusTime.measure(pixels: board).worstMicroseconds == 7980 + 20)
  }

  @Test func theMeasureIsTheBusTimeOfTheTransfers() throws {
    // pcf8575-8 homing all eight at once: each tick writes and reads every expander, a call's
    // 20 µs and 29 clocks each (start, address, two bytes, stop), at 400 kHz and at 100 kHz.
    var board = try loadBoard("pcf8575-8.yaml")
    #expect(try TickBusTime.measure(board).worstMicroseconds == 16 * 925 / 10)  // 92.5 µs each
    let hardware = try #require(board.hardware)
    var wiring = try #require(hardware.i2cWiring)
    wiring.groups[0].clockHz = 100_000
    board.hardware = hardware.with(i2cWiring: wiring)
    let slow = try TickBusTime.measure(board)
    #expect(slow.worstMicroseconds == 16 * (20 + 290))
    #expect(!slow.fits)
  }
}
