import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `systemctl reload clack`: SIGHUP reads the config again; what can change while running
/// changes, the queue and the board's positions stay, and nothing homes again.
@Suite(.serialized) struct ConfigReloadTests {
  /// The test config after its first three lines (board, state, time zone).
  func rewrite(_ daemon: DaemonProcess, _ config: String) throws {
    try ("board: board.yaml\nstate: state\ntime_zone: UTC\n" + config).write(
      to: daemon.directory.appendingPathComponent("clack.yaml"), atomically: true,
      encoding: .utf8)
  }

  func hangUp(_ daemon: DaemonProcess) throws {
    let process = try #require(daemon.process)
    kill(process.processIdentifier, SIGHUP)
  }

  @Test func reloadAppliesSchedulesAndQuietHoursKeepingQueueAndPositions() async throws {
    let notify = try NotifySocket(name: "reload")
    // At --speed 10 the default 60 s dwell is 6 s of real time, which a loaded CI machine
    // outlasts before the checks below; an hour keeps 'KEEP ME' up for the whole test.
    let daemon = try DaemonProcess(config: "dwell: 1h\nschedules: []\n", port: 17332)
    try await daemon.start(environment: ["NOTIFY_SOCKET": notify.path])
    let shown = try await daemon.post("/api/v1/messages", ["text": "KEEP ME"])
    let shownID = try #require(shown.json?["id"] as? Int)
    #expect(try await daemon.waitForState(shownID, "showing") == "showing")
    let queued = try await daemon.post("/api/v1/messages", ["text": "NEXT", "sender": "other"])
    let queuedID = try #require(queued.json?["id"] as? Int)
    let before = try await daemon.waitForBoard { $0.moving == 0 }
    let status = try await daemon.get("/api/v1/status").json
    #expect(status?["quiet_hours"] == nil && status?["next_scheduled"] == nil, "\(status ?? [:])")
    #expect(await notify.waitForReady())
    notify.drain()

    try rewrite(
      daemon,
      """
      dwell: 1h
      quiet_hours: {start: "22:00", end: "07:00"}
      schedules:
        - {cron: "0 9 * * *", show: text, text: "MORNING"}
      """)
    try hangUp(daemon)
    #expect(await notify.receive().hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
    let ready = await notify.receive()
    #expect(ready == "READY=1\nSTATUS=serving http://127.0.0.1:17332; config reloaded", "\(ready)")

    let after = try #require(try await daemon.get("/api/v1/status").json)
    #expect(after["quiet_hours"] as? String == "22:00-07:00")
    let next = after["next_scheduled"] as? [String: Any]
    #expect(next?["cron"] as? String == "0 9 * * *", "\(after)")
    // Its time as the board's clock reads it, with how far off it is.
    let when = next?["when"] as? String ?? ""
    #expect(when.contains("09:00, in ") || when.contains("09:00, now"), "\(when)")
    #expect((after["time_zone"] as? String).flatMap(TimeZone.init(identifier:)) != nil)
    // The queue as it was, and the board where it was: no module homed or moved.
    #expect(
      try await daemon.get("/api/v1/messages/\(shownID)").json?["state"] as? String == "showing")
    #expect(
      try await daemon.get("/api/v1/messages/\(queuedID)").json?["state"] as? String == "queued")
    let board = try #require(try await daemon.get("/api/v1/board").json)
    #expect(board.codes == before.codes)
    #expect(board.moving == 0)
    let modes = (board["modules"] as? [[String: Any]])?.compactMap { $0["state"] as? String }
    #expect(modes?.allSatisfy { $0 == "normal" } == true, "\(modes ?? [])")
    #expect(await daemon.logs("reloaded \(daemon.directory.path)/clack.yaml"))
    #expect(await daemon.stop() == 0)
  }

  @Test func aBadFileChangesNothingAndRestartOnlySettingsAreNamed() async throws {
    let notify = try NotifySocket(name: "reload-bad")
    let daemon = try DaemonProcess(config: "dwell: 30s\n", port: 17333)
    try await daemon.start(environment: ["NOTIFY_SOCKET": notify.path])
    #expect(await notify.waitForReady())
    notify.drain()

    try rewrite(daemon, "dwell: soon\n")
    try hangUp(daemon)
    #expect(await notify.receive().hasPrefix("RELOADING=1"))
    #expect(await notify.receive().hasSuffix("; reload failed (see the log)"))
    #expect(await daemon.logs("reload failed, still running the config as it was"))
    #expect(daemon.output.contains("dwell"), "the error names the bad setting")
    #expect(try await daemon.get("/health").status == 200, "still serving")

    try rewrite(
      daemon,
      """
      listen: 127.0.0.1:1
      http: {per_address_per_minute: 10}
      zones:
        - {name: top, row: 1, col: 1, rows: 1, cols: 8}
        - {name: bottom, row: 2, col: 1, rows: 1, cols: 8}
      quiet_hours: {start: "01:00", end: "02:00"}
      """)
    try hangUp(daemon)
    #expect(await notify.receive().hasPrefix("RELOADING=1"))
    let ready = await notify.receive()
    // With no schedules of its own, the file's quote of the day goes to its first zone, 'top':
    // a zone that only the restart brings, so the schedules wait for it too.
    let waiting = "http, zones, schedules (they name the new zones)"
    #expect(ready.hasSuffix("; config reloaded; restart to apply \(waiting)"), "\(ready)")
    #expect(await daemon.logs("\(waiting) changed, which takes effect at the next restart"))
    let status = try #require(try await daemon.get("/api/v1/status").json)
    #expect(status["quiet_hours"] as? String == "01:00-02:00", "the rest applies")
    let zones = (try await daemon.get("/api/v1/board").json)?["zones"] as? [String: Any]
    #expect(zones.map { Array($0.keys) } == ["main"], "the running zones stay")
    #expect(await daemon.stop() == 0)
  }
}
