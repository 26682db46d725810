import ClackAPI
import ClackBoard
import ClackConfig
import ClackRuntime
import Logging
import ServiceLifecycle

#if canImport(Glibc)
  import Glibc
#endif

/// `systemctl reload clack` (SIGHUP): reads the config file again and applies what can change
/// while running — schedules, quiet hours, dwell, time zone, transitions, script, sender
/// limits and zones' senders — without touching the queue, the board's positions or homing.
/// What only a restart applies (board, listener, state, MQTT, HTTP limits, zones) is named in
/// a warning and left as it runs. A file that does not load or validate changes nothing.
/// The API key file is read again too, so a key `clack key --rotate` wrote takes over.
struct ConfigReloadService: Service {
  let requests: AsyncStream<Void>
  let options: Daemon.Options
  let board: BoardDefinition
  let runtime: Runtime
  let keys: APIKeyStore
  let notifier: SystemdNotifier
  let logger: Logger
  let address: String

  func run() async throws {
    await cancelWhenGracefulShutdown { await serve() }
  }

  private func serve() async {
    var running = options.config
    for await _ in requests {
      notifier.notify("RELOADING=1\nMONOTONIC_USEC=\(Self.monotonicMicroseconds())")
      reloadKey()
      let (config, status) = await reload(over: running)
      running = config
      notifier.notify("READY=1\nSTATUS=serving http://\(address); \(status)")
    }
  }

  /// The config now running, and a few words on how the reload went (for `STATUS=`).
  func reload(over running: DaemonConfig) async -> (DaemonConfig, String) {
    let file = options.configFile
    guard file != Daemon.Options.noConfigFile else {
      logger.notice("SIGHUP: no config file to read again (running on the embedded defaults)")
      return (running, "no config file to reload")
    }
    do {
      var fresh = try DaemonConfig.load(path: file)
      options.overrides.apply(to: &fresh)
      try fresh.validateZones(rows: board.rows, cols: board.cols, file: file)
      try fresh.validateScripts(on: board, file: file)
      try fresh.validatePictures(on: board, file: file)
      let needRestart = fresh.restartOnlyChanges(comparedTo: running)
      let applied = fresh.applicable(over: running)
      let source = try await runtime.reload(applied.runtime)
      logger.notice("reloaded \(file): the queue and the board's positions are kept")
      if let warning = source.setAsideWarning { logger.warning("\(warning)") }
      if !needRestart.isEmpty {
        logger.warning(
          "\(file): \(needRestart.joined(separator: ", ")) changed, which takes effect at the next restart (systemctl restart clack); still using the running value"
        )
      }
      return (
        applied,
        needRestart.isEmpty
          ? "config reloaded"
          : "config reloaded; restart to apply \(needRestart.joined(separator: ", "))"
      )
    } catch {
      logger.error("reload failed, still running the config as it was: \(error)")
      return (running, "reload failed (see the log)")
    }
  }

  /// The key file read again: a new key takes over, and the old is refused from now on. A
  /// file gone or unreadable keeps the key as it was.
  func reloadKey() {
    do {
      if try keys.reload() {
        logger.notice(
          "SIGHUP: the API key was changed in \(keys.path ?? "its file"); the old one is refused from now on"
        )
      }
    } catch {
      logger.error("SIGHUP: \(error)")
    }
  }

  /// CLOCK_MONOTONIC in microseconds, as `RELOADING=1` wants it beside (systemd 253 and on).
  static func monotonicMicroseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1_000_000 + now.tv_nsec / 1000
  }
}
