import ClackTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The built `clack` program running `clack run --simulate` in a process of its own, on a
/// loopback port, with a state directory and config of the test's own.
final class DaemonProcess: @unchecked Sendable {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// A small simulated board (2 × 8) that homes in one wave, so each test starts quickly.
  static let smallBoard = """
    name: test-2x8
    geometry: {rows: 2, cols: 8}
    flaps: splitflap-52
    modules:
      type: shift-register
      wiring: {transport: spi, spi_device: /dev/spidev0.0, chip: pinctrl-bcm2711, latch: 25, load: 24}
    motion: {steps_per_revolution: 1040, start_speed: 400, top_speed: 1000, ramp_ms: 100}
    power: {max_moving: 16}
    simulation: {always: true, seed: 7}
    """

  let directory: URL
  let port: Int
  var process: Process?
  private let lock = NSLock()
  private var data = Data()

  var output: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
  var base: String { "http://127.0.0.1:\(port)" }

  /// Makes a directory with the board and `config` (YAML lines added to the board line).
  init(config: String = "", port: Int, board: String = DaemonProcess.smallBoard) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-daemon-\(UUID().uuidString)")
    self.port = port
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try board.write(
      to: directory.appendingPathComponent("board.yaml"), atomically: true, encoding: .utf8)
    try ("board: board.yaml\nstate: state\ntime_zone: UTC\n" + config).write(
      to: directory.appendingPathComponent("clack.yaml"), atomically: true, encoding: .utf8)
  }

  deinit {
    if let process, process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: directory)
  }

  static var clack: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("clack")
  }

  /// Starts the daemon and waits until /health says it is homed (or, for a daemon this
  /// helper cannot ask over plain HTTP, until `ready` says so). `simulated`: false drives
  /// what the board file names (a board on the network), at real speed.
  func start(
    speed: Int = 10, simulated: Bool = true, environment: [String: String] = [:],
    arguments: [String] = [], ready: (@Sendable () async -> Bool)? = nil
  ) async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.clack.path),
      "build clack first (swift build): \(Self.clack.path)")
    let (process, pipe) = Self.clackProcess(
      ["run"] + (simulated ? ["--simulate", "--speed", "\(speed)"] : [])
        + [
          "--config", directory.appendingPathComponent("clack.yaml").path,
          "--listen", "127.0.0.1:\(port)",
        ] + arguments, environment: environment)
    try process.run()
    ChildOutput.read(pipe.fileHandleForReading) { [weak self] more in
      self?.lock.withLock { self?.data.append(more) }
    }
    self.process = process
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if !process.isRunning { break }
      if let ready {
        if await ready() { return }
      } else if let health = try? await get("/health"), health.json?["homed"] as? Bool == true {
        return
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("the daemon did not become ready:\n\(output)")
    throw CancellationError()
  }

  /// SIGTERM, then waits for the exit status.
  /// Whether the daemon's output comes to hold `text` within `seconds` (it is read as it
  /// arrives, so a line logged just now may not be in `output` yet).
  func logs(_ text: String, within seconds: Double = 10) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !output.contains(text), Date() < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    return output.contains(text)
  }

  func stop(signal: Int32 = SIGTERM) async -> Int32? {
    guard let process else { return nil }
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    guard !process.isRunning else { return nil }
    self.process = nil
    return process.terminationStatus
  }

  struct Reply {
    let status: Int
    let body: Data
    let headers: [String: String]
    var json: [String: Any]? {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
    var text: String { String(decoding: body, as: UTF8.self) }
    var errorCode: String? { (json?["error"] as? [String: Any])?["code"] as? String }
  }

  /// The API key the daemon made in its state directory on first start.
  var key: String? {
    let file = directory.appendingPathComponent("state/api-key")
    return (try? String(contentsOf: file, encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A request; unless `headers` are given, it carries the API key as `X-Clack-Key`.
  func request(
    _ method: String, _ path: String, body: Data? = nil, headers: [String: String]? = nil
  ) async throws -> Reply {
    var request = URLRequest(url: URL(string: base + path)!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = 10
    for (name, value) in headers ?? ["X-Clack-Key": key ?? ""] {
      request.setValue(value, forHTTPHeaderField: name)
    }
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as! HTTPURLResponse
    var headers: [String: String] = [:]
    for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
    return Reply(status: http.statusCode, body: data, headers: headers)
  }

  func get(_ path: String) async throws -> Reply { try await request("GET", path) }

  func post(_ path: String, _ json: [String: Any]) async throws -> Reply {
    try await request("POST", path, body: try JSONSerialization.data(withJSONObject: json))
  }

  /// Polls the board until `condition` holds (or 20 s pass); returns the last board seen.
  func waitForBoard(_ condition: ([String: Any]) -> Bool) async throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(20)
    var board: [String: Any] = [:]
    while Date() < deadline {
      board = try await get("/api/v1/board").json ?? [:]
      if condition(board) { return board }
      try await Task.sleep(for: .milliseconds(50))
    }
    return board
  }

  func waitForState(_ id: Int, _ state: String) async throws -> String? {
    let deadline = Date().addingTimeInterval(20)
    var seen: String?
    while Date() < deadline {
      seen = try await get("/api/v1/messages/\(id)").json?["state"] as? String
      if seen == state { return seen }
      try await Task.sleep(for: .milliseconds(50))
    }
    return seen
  }
}

extension [String: Any] {
  var codes: [[Int]] { (self["codes"] as? [[Any]])?.map { $0.compactMap { $0 as? Int } } ?? [] }
  var moving: Int { self["moving"] as? Int ?? -1 }
}

extension DaemonProcess {
  /// The `clack` program, not yet started, with `environment` added to the test's own and
  /// its output (standard and error) going to one pipe.
  static func clackProcess(_ arguments: [String], environment: [String: String]) -> (
    Process, Pipe
  ) {
    let process = Process()
    process.executableURL = clack
    process.arguments = arguments
    process.currentDirectoryURL = root
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    return (process, pipe)
  }

  /// Runs the `clack` program to completion (a CLI face); returns its exit status and output.
  static func runClack(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> (status: Int32, output: String)
  {
    let (process, pipe) = clackProcess(arguments, environment: environment)
    try process.run()
    let data = await offThePool { pipe.fileHandleForReading.readDataToEndOfFile() }
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Runs blocking work (reading a child's output to its end) on a thread of its own. Blocked
  /// there, not on one of Swift's cooperative threads: a 2-core machine has two, and the
  /// in-process daemons of the other suites answered HTTP requests seconds late while two
  /// tests waited on children.
  static func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }
}
