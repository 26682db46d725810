import ArgumentParser
import ClackAPI
import ClackBoard
import ClackCommands
import ClackConfig
import Foundation
import Logging

/// The options `clack run` and `clack sim` share.
struct DaemonOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp("Board file (YAML); overrides the config's 'board'.", valueName: "file"))
  var board: String?

  @Option(help: ArgumentHelp("Config file (YAML); see docs/config.md.", valueName: "file"))
  var config: String?

  @Option(
    help: ArgumentHelp(
      "State directory for the database and the API key (default: the config's 'state', else "
        + "$XDG_STATE_HOME/clack for clack run and $XDG_STATE_HOME/clack-sim for clack sim; "
        + "/var/lib/clack and /var/lib/clack-sim for root).",
      valueName: "dir"))
  var state: String?

  @Option(
    help: ArgumentHelp(
      "Address to listen on (default 127.0.0.1:7000); beyond loopback the API is HTTPS unless "
        + "the config says tls: off.", valueName: "host:port"))
  var listen: String?

  @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
  var logLevel: String = "info"

  func validate() throws {
    if let listen, ListenAddress(parsing: listen) == nil {
      throw ValidationError("--listen must be HOST:PORT, such as 127.0.0.1:7000, not '\(listen)'")
    }
    if Logger.Level(rawValue: logLevel) == nil {
      throw ValidationError(
        "--log-level must be one of: trace, debug, info, notice, warning, error, critical")
    }
  }

  /// The daemon's options: the config file (if any) with the command line on top.
  func daemonOptions(simulate: Bool, speed: Int, defaultState: String? = nil) throws
    -> Daemon.Options
  {
    var options = Daemon.Options()
    options.overrides = Daemon.Overrides(
      board: board, state: state, defaultState: defaultState,
      listen: listen.flatMap(ListenAddress.init(parsing:)))
    if let config {
      do {
        options.config = try DaemonConfig.load(path: config)
      } catch {
        throw CommandFailure("\(error)")
      }
      options.configFile = config
    }
    options.overrides.apply(to: &options.config)
    options.simulate = simulate
    options.speed = speed
    options.logLevel = Logger.Level(rawValue: logLevel) ?? .info
    return options
  }
}

/// Runs a daemon until it stops, turning its failures into messages a user can act on.
enum DaemonLauncher {
  static func run(
    _ options: Daemon.Options, logger: Logger,
    onStart: @escaping @Sendable (Daemon.Parts) -> Void = { _ in }
  ) async throws {
    StopSignal.unblock()
    do {
      try await Daemon(options: options, logger: logger).run(onStart: onStart)
    } catch let error as BoardFileError {
      throw CommandFailure("\(error)")
    } catch let error as DaemonError {
      throw CommandFailure(error.description)
    } catch {
      let text = "\(error)"
      if text.contains("Address already in use") {
        throw CommandFailure(
          "cannot listen on \(options.config.listen): the port is in use (is clack already "
            + "running?); choose another with --listen")
      }
      throw CommandFailure(text)
    }
  }
}
