import ClackAPI
import ClackBoard
import ClackConfig
import ClackHAL
import ClackMQTT

/// One line of `clack doctor`'s report.
struct DoctorFinding: Sendable, Equatable {
  enum Verdict: Sendable, Equatable { case ok, problem, note }
  let verdict: Verdict
  /// What was checked: `config`, `board`, `gpio`, `i2c`, `spi`, `permissions`, `real-time`,
  /// `state`, `api`, `mqtt`.
  let subject: String
  let text: String
  /// The command (or edit) that fixes it.
  var fix: String? = nil

  static func ok(_ subject: String, _ text: String) -> DoctorFinding {
    DoctorFinding(verdict: .ok, subject: subject, text: text)
  }
  static func note(_ subject: String, _ text: String, fix: String? = nil) -> DoctorFinding {
    DoctorFinding(verdict: .note, subject: subject, text: text, fix: fix)
  }
  static func problem(_ subject: String, _ text: String, fix: String) -> DoctorFinding {
    DoctorFinding(verdict: .problem, subject: subject, text: text, fix: fix)
  }
}

/// `clack doctor`: checks, on the machine it runs on, what a running board needs — the
/// config and board files, the devices and who may use them, real-time limits, the state
/// directory, the API, and MQTT's library and broker — and says how to fix each problem.
struct Doctor {
  let probe: any DoctorProbe
  /// The executor's SCHED_FIFO priority (RealtimeSetup), which LimitRTPRIO must allow.
  static let realtimePriority = 80
  /// Below this much free space the queue may fail to grow.
  static let leastFreeBytes: Int64 = 50 << 20

  /// Every check, in order. `configFile` nil: the embedded defaults.
  func run(configFile: String?, overrides: Daemon.Overrides) async -> [DoctorFinding] {
    var findings: [DoctorFinding] = []
    var config = DaemonConfig()
    if let configFile {
      do {
        config = try DaemonConfig.load(path: configFile)
        findings.append(.ok("config", "\(configFile) reads cleanly"))
      } catch {
        findings.append(
          .problem(
            "config", "\(error)", fix: "edit \(configFile) (docs/config.md lists every setting)"))
        return findings
      }
    } else {
      findings.append(.note("config", "no config file: the embedded defaults"))
    }
    overrides.apply(to: &config)
    let board: BoardDefinition
    do {
      board =
        try config.boardPath.map { path throws(BoardFileError) in try BoardFile.load(path: path) }
        ?? BuiltinBoard.load()
      findings.append(.ok("board", "\(board.name): \(board.rows)×\(board.cols)"))
    } catch {
      findings.append(
        .problem(
          "board", "\(error)",
          fix: "edit the board file, or name another in 'board:' (/usr/share/clack/boards)"))
      return findings
    }
    let health = await probe.health(at: config.localURL)
    findings += devices(of: board, daemonRunning: (try? health.get()) != nil)
    findings.append(realtime())
    // The service's state directory when the service is installed (StateDirectory=clack).
    let defaultState =
      probe.serviceUser().isService ? "/var/lib/clack" : StateDirectory.defaultPath()
    findings += state(config.stateDirectory ?? defaultState)
    findings.append(api(health, listen: config.listen.description))
    findings.append(discovery(config))
    if let mqtt = config.mqtt {
      if let problem = probe.mqttLibraryProblem() {
        findings.append(
          .problem(
            "mqtt", problem,
            fix: "sudo apt install libmosquitto1 (or remove the mqtt section from the config)"))
      }
      var broker = MQTTBrokerAddress(host: mqtt.host, port: mqtt.port)
      var found = ""
      if mqtt.findsBroker {
        switch probe.findBroker(tls: mqtt.tls != nil) {
        case .success(let address):
          broker = address
          found = " (found on the LAN)"
        case .failure(let error):
          findings.append(
            .problem(
              "mqtt", error.description,
              fix: "advertise the broker with Avahi on its machine (docs/mqtt.md), or name it "
                + "in mqtt.host"))
          return findings
        }
      }
      if let error = await probe.connect(host: broker.host, port: broker.port) {
        findings.append(
          .problem(
            "mqtt", "cannot reach the broker at \(broker.host):\(broker.port)\(found): \(error)",
            fix: "check mqtt.host and mqtt.port in the config, and that the broker runs "
              + "(systemctl status mosquitto on its machine)"))
      } else {
        findings.append(.ok("mqtt", "the broker at \(broker.host):\(broker.port)\(found) answers"))
      }
    }
    return findings
  }

  /// Whether the daemon can be found on the LAN (docs/discovery.md): a note, never a problem.
  func discovery(_ config: DaemonConfig) -> DoctorFinding {
    guard config.discovery else { return .note("discovery", "off in the config: not advertised") }
    guard !config.listen.isLoopback else {
      return .note(
        "discovery", "listens on loopback only (\(config.listen)): not advertised on the LAN")
    }
    if let problem = probe.discoveryProblem() {
      return .note(
        "discovery", "not advertised on the LAN: \(problem)",
        fix: "sudo apt install avahi-daemon (or discovery: off in the config)")
    }
    return .ok("discovery", "avahi-daemon answers: clack find on the LAN lists this daemon")
  }
}
