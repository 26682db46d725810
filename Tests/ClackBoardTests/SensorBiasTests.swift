import Foundation
import Testing

@testable import ClackBoard

/// `sensor_bias` is read into an enum once, at the board file, and a wrong value names the
/// field: nothing downstream re-reads the text with a default.
@Suite struct SensorBiasTests {
  static func board(bias: String?) -> String {
    """
    name: bias
    geometry: {rows: 1, cols: 1}
    flaps: splitflap-52
    modules:
      type: gpio-stepper
      wiring:
        chip: gpiochip0
    \(bias.map { "    sensor_bias: \($0)\n" } ?? "")    modules:
          - {coils: [4, 17, 27, 22], sensor: 26}
    """
  }

  static func bias(_ board: BoardDefinition) -> SensorBias? {
    if case .gpioStepper(let wiring) = board.hardware { return wiring.sensorBias }
    return nil
  }

  @Test(arguments: SensorBias.allCases)
  func eachBiasReadsBackAsItself(bias: SensorBias) throws {
    let board = try BoardDefinition.parse(yaml: Self.board(bias: bias.rawValue), file: "b.yaml")
    #expect(Self.bias(board) == bias)
  }

  @Test func withoutOneTheSensorsArePulledUp() throws {
    let board = try BoardDefinition.parse(yaml: Self.board(bias: nil), file: "b.yaml")
    #expect(Self.bias(board) == .pullUp)
  }

  @Test func anUnknownBiasIsRefusedNamingTheField() {
    do {
      _ = try BoardDefinition.parse(yaml: Self.board(bias: "weak"), file: "b.yaml")
      Issue.record("'weak' was accepted as a sensor bias")
    } catch {
      #expect(error.description.contains("sensor_bias"))
      #expect(error.description.contains("'weak' is not one of: pull-up, pull-down"))
    }
  }
}
