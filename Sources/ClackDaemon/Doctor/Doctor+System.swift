extension Doctor {
  /// SCHED_FIFO at the executor's priority, and all memory lockable.
  func realtime() -> DoctorFinding {
    let limits = probe.realtimeLimits()
    let service = limits.source == "clack.service"
    var missing: [String] = []
    var fixes: [String] = []
    if limits.rtprio < Self.realtimePriority {
      missing.append(
        "real-time priority up to \(limits.rtprio) (the executor asks for \(Self.realtimePriority))"
      )
      fixes.append(
        service ? "LimitRTPRIO=\(Self.realtimePriority)" : "rtprio \(Self.realtimePriority)")
    }
    if let bytes = limits.memlockBytes {
      missing.append(
        "memory locking up to \(bytes >> 10) KiB (it locks all it has mapped when its executor starts)"
      )
      fixes.append(service ? "LimitMEMLOCK=infinity" : "memlock unlimited")
    }
    guard !missing.isEmpty else {
      return .ok(
        "real-time",
        "\(limits.source) allows SCHED_FIFO \(Self.realtimePriority) and locking all memory")
    }
    let user = probe.serviceUser().name
    let fix =
      service
      ? "sudo systemctl edit clack, add [Service] and \(fixes.joined(separator: " and ")), then sudo systemctl restart clack"
      : fixes.map { "echo '\(user) - \($0)' | sudo tee -a /etc/security/limits.d/clack.conf" }
        .joined(separator: "; ") + "; then log in again (or run Clack as the service)"
    return .problem(
      "real-time", "\(limits.source) allows only \(missing.joined(separator: " and "))", fix: fix)
  }

  /// The state directory: writable, with room, and a healthy database.
  func state(_ directory: String) -> [DoctorFinding] {
    let state = probe.directory(directory)
    let user = probe.serviceUser().name
    guard state.exists else {
      return [.note("state", "\(directory) does not exist yet: the daemon makes it on start")]
    }
    var findings: [DoctorFinding] = []
    if !state.writable {
      findings.append(
        .problem(
          "state", "\(user) cannot write to \(directory)",
          fix: "sudo chown -R \(user) \(directory)"))
    }
    if state.freeBytes < Self.leastFreeBytes {
      findings.append(
        .problem(
          "state", "only \(state.freeBytes >> 20) MiB free for \(directory)",
          fix: "make room on that file system: sudo journalctl --vacuum-size=50M; sudo apt clean"))
    }
    let database = directory + "/clack.sqlite"
    if let problem = probe.databaseProblem(database) {
      findings.append(
        .problem(
          "state", "\(database) is damaged: \(problem)",
          fix: "sudo systemctl stop clack; sudo mv \(database) \(database).broken; "
            + "sudo systemctl start clack (the queue starts empty)"))
    }
    if findings.isEmpty {
      findings.append(
        .ok("state", "\(directory): writable, \(state.freeBytes >> 20) MiB free, database healthy"))
    }
    return findings
  }

  func api(_ health: Result<DaemonHealth, DoctorProbeError>, listen: String) -> DoctorFinding {
    switch health {
    case .success(let health) where health.homed:
      .ok("api", "the daemon answers on \(listen): homed, \(health.queued) queued")
    case .success:
      .note("api", "the daemon answers on \(listen): still homing")
    case .failure(let error):
      .problem(
        "api", "nothing answers on \(listen): \(error)",
        fix: "sudo systemctl start clack (journalctl -u clack -e says why it stopped)")
    }
  }
}
