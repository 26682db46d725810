import Foundation
import Testing

@testable import ClackBoard

/// An LED panel's supply caps its brightness: every LED lit never draws more than it gives.
@Suite struct PanelPowerTests {
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../boards/sim-pixels-64x16.yaml").standardized.path

  func parse(_ edit: (String) -> String) throws(BoardFileError) -> PixelBoardDefinition {
    let yaml = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    return try PixelBoardDefinition.parse(yaml: edit(yaml), file: "p.yaml")
  }

  @Test func theSupplyCapsTheBrightness() throws {
    // 1024 LEDs at 2 mA each at full brightness: 128 mA per level step, so a 1 A supply with
    // 0.1 A reserved allows level 6 (7/16 of 2.048 A = 0.896 A, plus 0.1 A).
    let board = try parse {
      $0.replacingOccurrences(of: "brightness: 12", with: "brightness: 5")
        + "power: {supply_amps: 1, reserved_amps: 0.1, led_amps: 0.002}\n"
    }
    let power = try #require(board.power)
    #expect(board.maxBrightness == 6)
    #expect(power.milliamps(leds: 1024, level: 6) == 996)
    #expect(power.milliamps(leds: 1024, level: 7) > 1000)
    // Without a supply nothing is capped.
    #expect(try parse { $0 }.maxBrightness == 15)
  }

  @Test func aBrightnessAboveTheSupplyIsRefusedWithTheFigures() {
    #expect(throws: BoardFileError.self) {
      _ = try parse { $0 + "power: {supply_amps: 1, led_amps: 0.002}\n" }
    }
    do {
      _ = try parse { $0 + "power: {supply_amps: 1, led_amps: 0.002}\n" }
    } catch {
      #expect(
        error.description.hasSuffix(
          "brightness: 12 is above 6, the most its supply allows with every LED lit (power)"
        ), "\(error)")
    }
    do {
      _ = try parse { $0 + "power: {supply_amps: 0.1, led_amps: 0.002}\n" }
      Issue.record("a supply that cannot light the panel was accepted")
    } catch {
      #expect(
        error.description.hasSuffix(
          "power.supply_amps: 0.1 A cannot light the panel: its 1024 LEDs all lit at brightness 0 draw 0.128 A"
        ), "\(error)")
    }
  }

  @Test func withoutABrightnessTheDefaultStaysWithinTheSupply() throws {
    let board = try parse {
      $0.replacingOccurrences(of: "brightness: 12\n", with: "")
        + "power: {supply_amps: 0.5, led_amps: 0.002}\n"
    }
    #expect(board.maxBrightness == 2 && board.brightness == 2)
  }
}
