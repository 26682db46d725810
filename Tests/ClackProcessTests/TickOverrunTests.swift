import Foundation
import Testing

/// A board whose bus work does not fit its tick overruns on its twin as on the real bus
/// (docs/hal.md, Time on the wire): the daemon logs it, `/status` names it among the faults
/// and the board's `tick_overruns` counts it; a board that fits reports none.
@Suite(.serialized) struct TickOverrunTests {
  /// Four PCF8575 expanders on a bus at the Pi's default 100 kHz: a tick that steps all four
  /// writes and reads each, eight transfers of 310 µs against a 1.25 ms tick (800 steps/s).
  /// `clack board check` refuses it; the daemon runs what it is given.
  static let slowBoard = """
    name: pcf-1x4
    geometry: {rows: 1, cols: 4}
    flaps: splitflap-52
    modules:
      type: pcf8575
      wiring:
        buses:
          - {bus: /dev/i2c-1, first_address: 0x20, count: 4}
    motion: {steps_per_revolution: 1040, start_speed: 200, top_speed: 800, ramp_ms: 200}
    power: {max_moving: 4}
    simulation: {always: true, seed: 7}
    """

  @Test func aBoardWhoseBusWorkDoesNotFitItsTickIsReportedAndLogged() async throws {
    let daemon = try DaemonProcess(port: 17342, board: Self.slowBoard)
    try await daemon.start()
    let status = try #require(try await daemon.get("/api/v1/status").json)
    #expect((status["tick_overruns"] as? Int ?? 0) > 0, "\(status)")
    #expect(status["tick_us"] as? Int == 1250)
    let faults = status["faults"] as? [String] ?? []
    #expect(faults.contains { $0.hasPrefix("ticks overrun their 1250 µs period") }, "\(faults)")
    #expect(await daemon.logs("ticks overran their 1250 µs period"))
    // It still lands where it was asked: slower, as the real board would.
    let sent = try await daemon.post("/api/v1/messages", ["text": "SLOW"])
    #expect(sent.status == 201)
    let landed = try await daemon.waitForBoard { $0.codes.first?.first == 19 && $0.moving == 0 }
    #expect(landed.codes.first == [19, 12, 15, 23], "S L O W")
    #expect(await daemon.stop() == 0)
  }

  @Test func theTestBoardFitsItsTick() async throws {
    let daemon = try DaemonProcess(port: 17343)
    try await daemon.start()
    let status = try #require(try await daemon.get("/api/v1/status").json)
    #expect(status["tick_overruns"] as? Int == 0, "\(status)")
    #expect((status["faults"] as? [String])?.isEmpty == true)
    #expect(await daemon.stop() == 0)
  }
}
