import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Restarts and crashes: what was acknowledged is still there afterwards.
@Suite(.serialized) struct DurabilityTests {
  @Test func aRestartKeepsTheQueue() async throws {
    let daemon = try DaemonProcess(port: 17321)
    try await daemon.start()
    let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(10 * 86400))
    let reply = try await daemon.post(
      "/api/v1/messages", ["text": "LATER", "not_before": later, "sender": "cal"])
    let id = try #require(reply.json?["id"] as? Int)
    #expect(await daemon.stop() == 0)
    try await daemon.start()
    let message = try await daemon.get("/api/v1/messages/\(id)").json
    #expect(message?["state"] as? String == "queued")
    #expect(message?["text"] as? String == "LATER")
    #expect(await daemon.stop() == 0)
  }

  /// SIGKILL while eight clients send at once (their messages committed in groups): every
  /// `201` must survive.
  @Test func everyAcknowledgedMessageSurvivesSIGKILL() async throws {
    let daemon = try DaemonProcess(
      config: "rate_limit: {per_hour: 0}\nhttp: {per_address_per_minute: 0}\n", port: 17322)
    try await daemon.start()
    let acknowledged = Acknowledged()
    let senders = (0..<8).map { client in
      Task {
        var index = 0
        while !Task.isCancelled {
          index += 1
          guard
            let reply = try? await daemon.post(
              "/api/v1/messages", ["text": "MSG \(index)", "sender": "c\(client)-\(index)"]),
            reply.status == 201, let id = reply.json?["id"] as? Int
          else { break }
          acknowledged.ids.withLock { $0.append(id) }
        }
      }
    }
    let deadline = Date().addingTimeInterval(20)
    while acknowledged.ids.withLock({ $0.count }) < 25, Date() < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(await daemon.stop(signal: SIGKILL) == SIGKILL)
    for sender in senders { _ = await sender.result }
    let ids = acknowledged.ids.withLock { $0 }
    #expect(ids.count >= 25, "the stream ran before the kill")
    try await daemon.start()
    let listed = try await daemon.get("/api/v1/messages").json?["messages"] as? [[String: Any]]
    let stored = Set((listed ?? []).compactMap { $0["id"] as? Int })
    let lost = ids.filter { !stored.contains($0) }
    #expect(lost.isEmpty, "acknowledged but lost after SIGKILL: \(lost)")
    #expect(await daemon.stop() == 0)
  }

  /// A clean stop saves where the rotors are: the next start trusts it and does not home. A
  /// kill leaves no record (the one saved before was taken at start): the start after homes.
  @Test func aCleanStopSkipsHomingAndAKillDoesNot() async throws {
    let daemon = try DaemonProcess(port: 17331)
    let saved = "positions saved: the next start skips homing"
    let trusted = "trusting the positions saved at the clean stop"
    try await daemon.start()
    #expect(await daemon.stop() == 0)
    #expect(daemon.output.contains(saved), "\(daemon.output)")
    try await daemon.start()
    #expect(daemon.output.components(separatedBy: trusted).count == 2, "\(daemon.output)")
    let reply = try await daemon.post("/api/v1/messages", ["text": "RESUMED", "sender": "t"])
    #expect(reply.status == 201)
    var board: [String: Any]?
    for _ in 0..<300 {
      board = try await daemon.get("/api/v1/board").json
      if (board?["moving"] as? Int) == 0, (board?["waiting"] as? Int) == 0,
        (board?["zones"] as? [String: String])?.values.contains(where: { $0.hasPrefix("message") })
          == true
      {
        break
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    let modules = board?["modules"] as? [[String: Any]] ?? []
    #expect(!modules.isEmpty)
    // Every module where it was believed to be: no home pulse missed or out of place.
    #expect(
      modules.allSatisfy {
        ($0["faults"] as? [String])?.isEmpty == true && $0["state"] as? String == "normal"
      },
      "\(modules)")
    #expect(await daemon.stop(signal: SIGKILL) == SIGKILL)
    try await daemon.start()
    #expect(
      daemon.output.components(separatedBy: trusted).count == 2, "a killed run was trusted")
    #expect(await daemon.stop() == 0)
  }

  @Test func systemdHearsHomingReadyAndStopping() async throws {
    let notify = try NotifySocket(name: "lifecycle")
    let daemon = try DaemonProcess(port: 17323)
    // A watchdog of 200 ms: a ping every 100 ms.
    try await daemon.start(environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "200000"])
    #expect(await notify.receiveSkippingPings() == "STATUS=homing test-2x8")
    let ready = await notify.receiveSkippingPings()
    #expect(ready == "READY=1\nSTATUS=serving http://127.0.0.1:17323", "\(ready)")
    // At rest the executor thread blocks and ticks no more; the watchdog is still fed.
    for _ in 0..<200 {
      let board = try await daemon.get("/api/v1/board").json
      if (board?["moving"] as? Int) == 0, (board?["waiting"] as? Int) == 0 { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    try await Task.sleep(for: .milliseconds(500))
    notify.drain()
    notify.timeout(seconds: 2)
    for ping in 0..<3 { #expect(await notify.receive() == "WATCHDOG=1", "ping \(ping) at rest") }
    #expect(await daemon.stop() == 0)
    #expect(await notify.receiveSkippingPings() == "STOPPING=1")
  }

  @Test func eventsStreamMessageChanges() async throws {
    let daemon = try DaemonProcess(port: 17324)
    try await daemon.start()
    // A plain socket: the event stream never ends, so read it as it comes.
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(daemon.port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(connected == 0)
    var timeout = timeval(tv_sec: 1, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let request = Array("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    _ = send(fd, request, request.count, 0)
    try await Task.sleep(for: .milliseconds(300))
    _ = try await daemon.post("/api/v1/messages", ["text": "EVENT"])
    var result = ""
    let deadline = Date().addingTimeInterval(15)
    while !result.contains("\"state\":\"showing\""), Date() < deadline {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(fd, &buffer, buffer.count, 0)
      if count > 0 { result += String(decoding: buffer[0..<count], as: UTF8.self) }
    }
    #expect(result.contains("text/event-stream"))
    #expect(result.contains("event: message"))
    #expect(result.contains("\"state\":\"queued\""))
    #expect(await daemon.stop() == 0)
  }
}

/// The ids acknowledged so far, shared by the sending clients.
final class Acknowledged: Sendable {
  let ids = Mutex<[Int]>([])
}
