import Foundation
import Testing

/// A module fault reaches the journal as a warning and systemd's STATUS line.
@Suite struct FaultReportTests {
  @Test func aDeadSensorIsLoggedAsAWarningAndCountedInStatus() async throws {
    let notify = try NotifySocket(name: "faults")
    let board = DaemonProcess.smallBoard.replacingOccurrences(
      of: "simulation: {always: true, seed: 7}",
      with: "simulation: {always: true, seed: 7, dead_sensors: [3]}")
    #expect(board != DaemonProcess.smallBoard)
    let daemon = try DaemonProcess(port: 17334, board: board)
    try await daemon.start(environment: ["NOTIFY_SOCKET": notify.path])
    #expect(await notify.receiveSkippingPings() == "STATUS=homing test-2x8")
    var status = await notify.receiveSkippingPings()
    // Homing may report the fault before READY, or READY may come first and the fault after.
    while !status.contains("faulted"), !status.isEmpty {
      status = await notify.receiveSkippingPings()
    }
    #expect(status.hasSuffix("; 1 module faulted"), "\(status)")
    #expect(await daemon.logs("warning clack: [ClackDaemon] module 3 (row 1, column 4): "))
    #expect(daemon.stop() == 0)
  }
}
