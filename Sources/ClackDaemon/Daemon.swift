import ClackAPI
import ClackBoard
import ClackCommands
import ClackConfig
import ClackDiscovery
import ClackHTTPFace
import ClackHardware
import ClackMQTT
import ClackMQTTFace
import ClackNetworkHAL
import ClackRuntime
import ClackSources
import ClackStore
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// `clack run` and `clack sim`: the board, the store, the content loop and the HTTP API,
/// run as one service group until SIGTERM or SIGINT.
public struct Daemon {
  public struct Options: Sendable {
    public var config = DaemonConfig()
    /// Where the config came from, for error messages.
    /// `configFile` when the daemon runs on its embedded defaults.
    public static let noConfigFile = "(defaults)"
    public var configFile = noConfigFile
    /// Drive the board's simulated twin instead of real hardware.
    public var simulate = false
    /// How much faster than real time a simulated board (and the content clock) runs.
    public var speed = 1
    /// A simulated board's executor asks for real-time scheduling, as real hardware's does.
    public var realtimeTwin = false
    public var logLevel = Logger.Level.info
    /// What the command line set over the config file (applied again on a reload).
    public var overrides = Overrides()

    public init() {}
  }

  /// The command line's settings that win over the config file's.
  public struct Overrides: Sendable {
    public var board: String?
    public var state: String?
    /// The state directory when neither the command line nor the config names one.
    public var defaultState: String?
    public var listen: ListenAddress?

    public init(
      board: String? = nil, state: String? = nil, defaultState: String? = nil,
      listen: ListenAddress? = nil
    ) {
      self.board = board
      self.state = state
      self.defaultState = defaultState
      self.listen = listen
    }

    public func apply(to config: inout DaemonConfig) {
      if let board { config.boardPath = board }
      if let state {
        config.stateDirectory = state
      } else if config.stateDirectory == nil, let defaultState {
        config.stateDirectory = defaultState
      }
      if let listen { config.listen = listen }
    }
  }

  public let options: Options
  public let logger: Logger

  public init(options: Options, logger: Logger) {
    self.options = options
    self.logger = logger
  }

  /// Everything a running daemon is made of, for faces (the terminal view) to look at.
  public struct Parts: Sendable {
    /// What every face holds.
    public let service: BoardService
    public let address: String
    public let stateDirectory: String
  }

  /// Runs until a stop signal; then motion stops, coils go off and the store is closed.
  /// `onStart` is called once the parts exist (homing has begun, the server is starting).
  public func run(onStart: @escaping @Sendable (Parts) -> Void = { _ in }) async throws {
    // Made first, so its real seconds count from the start: the "ready" line says how long
    // starting took.
    // A wall's members land at instants each reads on its own clock: the system's, as NTP
    // keeps it.
    // A wall of one controller keeps time alone, as a board does.
    let coordinated = options.config.wall.map { !$0.drivesEveryTile } ?? false
    let clock: any DaemonClock =
      coordinated ? Self.wallClock() : ScaledWallClock(speed: Double(options.speed))
    // Before homing: SIGHUP's default action would end the process.
    let reloads = ReloadSignal.install()
    let config = options.config
    if let wall = config.wall, config.boardPath != wall.ownTile?.boardPath {
      throw DaemonError(
        "--board names another board than wall tile '\(wall.ownTile?.tile.name ?? wall.member)' "
          + "(\(wall.ownTile?.boardPath ?? "the built-in board")): a wall's member drives its tile's board"
      )
    }
    var board =
      try config.boardPath.map { path throws(BoardFileError) in try BoardFile.load(path: path) }
      ?? BuiltinBoard.load()
    // A wall's members lay their content out on the whole canvas (any of them may lead).
    let canvas = config.wall.flatMap { try? $0.layout() }
    try config.validateZones(
      rows: canvas?.rows ?? board.rows, cols: canvas?.cols ?? board.cols, file: options.configFile)
    try config.validateScripts(on: board, file: options.configFile)
    // A wall's pictures show on its LED tiles.
    let wallCanvas = try config.wall.map { wall in
      do {
        return try wall.canvas()
      } catch {
        throw DaemonError("wall '\(wall.name)': \(error)")
      }
    }
    try config.validatePictures(on: wallCanvas ?? board, file: options.configFile)
    if let canvas { Self.warnOfGaps(canvas, zones: config.runtime, logger: logger) }
    if options.speed != 1, coordinated {
      throw DaemonError(
        "--speed cannot be used on a wall of several controllers: its members keep time by "
          + "their clocks, which agree")
    }
    if options.speed != 1, !options.simulate, !board.simulation.always {
      throw DaemonError(
        "--speed needs --simulate: board \(board.name) drives real hardware, which runs at its own pace"
      )
    }
    let stateDirectory = try StateDirectory.prepare(
      config.stateDirectory ?? StateDirectory.defaultPath())
    let databasePath = stateDirectory + "/clack.sqlite"
    let store = try ClackStore(path: databasePath)
    board = Self.applyingCalibration(to: board, from: store, logger: logger)
    logger.info(
      "board \(board.name) (\(board.rows)×\(board.cols), \(board.flapSet.name)); state \(databasePath)"
    )
    let keyCommand = KeyCommandHint.command(
      apiKeyFile: config.apiKeyFile,
      configFile: options.configFile == Options.noConfigFile ? nil : options.configFile,
      stateDirectory: stateDirectory)
    let access = try Self.access(
      config: config, stateDirectory: stateDirectory, keyCommand: keyCommand, logger: logger)
    // Before the board is opened: a certificate that cannot be read stops the start with no
    // motor turned.
    let identity = try Self.serverIdentity(
      config: config, stateDirectory: stateDirectory, logger: logger)
    // Taken now: should this run not end cleanly, the next one homes.
    let cleanStop = Self.takeCleanStop(from: store, for: board, logger: logger)
    let runner = try BoardRunner(
      board: board, simulate: options.simulate, speed: options.speed, rotors: cleanStop?.rotors,
      realtimeTwin: options.realtimeTwin,
      connect: { url, key in LocalAPIBoardLink(url: url, key: key) })
    logger.info("\(runner.grant)")
    // A wall of one controller, or a member of a wall of several that drives several tiles.
    let tiled = try config.wall.flatMap { wall in
      wall.drivesEveryTile || wall.ownTiles.count > 1
        ? try Self.openTiledWall(wall, first: runner, options: options, logger: logger) : nil
    }
    let wall = try config.wall.flatMap { wall throws(DaemonError) in
      // The config's reader refuses a wall of several controllers without the mqtt section.
      wall.drivesEveryTile
        ? nil
        : try Self.openWall(
          wall, mqtt: config.mqtt ?? MQTTSettings(host: "localhost"), local: tiled ?? runner,
          clock: clock,
          logger: logger)
    }
    // What the runtime drives, and what stops at the end: every tile's board with it.
    let driven: any RunningBoard = wall?.board ?? tiled ?? runner
    let runtime = await Runtime(
      config: config.runtime, runner: driven, store: store,
      clock: clock, logger: logger, cleanStop: cleanStop)
    if let wall { await runtime.service.followWall(wall.membership) }
    let wallService = wall?.service(runtime.service)
    let api = API(
      service: runtime.service, access: access, limits: config.http,
      enablementToken: config.localAPIEnablementToken,
      tlsFingerprint: identity?.fingerprint.description)
    let serving = ServingFlag()
    let address = config.listen
    let http1 = HTTPServerBuilder.http1(configuration: Self.serverConfiguration(config.http))
    let app = Application(
      router: api.router(),
      server: try identity.map { identity throws(DaemonError) in
        try Self.https(http1, identity: identity)
      } ?? http1,
      configuration: ApplicationConfiguration(
        address: .hostname(address.host, port: address.port), serverName: "clack"),
      onServerRunning: { _ in serving.set() },
      logger: logger)
    let localAPIApp = config.localAPIListen.map { local in
      logger.info(
        "the Vestaboard Local API also listens on \(local), plain HTTP (its key travels in clear)")
      return Application(
        router: api.localAPIRouter(), server: http1,
        configuration: ApplicationConfiguration(
          address: .hostname(local.host, port: local.port), serverName: "clack"),
        logger: logger)
    }
    let parts = Parts(
      service: runtime.service, address: address.description, stateDirectory: stateDirectory)
    let notifier = SystemdNotifier()
    notifier.notify("STATUS=homing \(board.name)")
    let lifecycle = LifecycleService(
      display: runtime.display, events: runtime.events, notifier: notifier,
      serving: serving,
      logger: logger, clock: clock, address: address.description)
    let reloader = ConfigReloadService(
      requests: reloads, options: options, board: runtime.board, runtime: runtime,
      keys: access.keys,
      notifier: notifier, logger: logger, address: address.description)
    let mqtt = try config.mqtt.map { settings throws(DaemonError) in
      try Self.mqttBridge(settings, runtime: runtime, logger: logger)
    }
    var listeners: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: app)]
    if let localAPIApp { listeners.append(.init(service: localAPIApp)) }
    // On the LAN only: a daemon on loopback has nobody to be found by.
    if config.discovery, !address.isLoopback {
      let wallBoard = wall?.board
      listeners.append(
        .init(
          service: DiscoveryService(
            advertisement: ClackAdvertisement(
              board: wallBoard?.wall ?? tiled?.board.name ?? board.name, rows: runtime.board.rows,
              cols: runtime.board.cols, kind: runner.kind.rawValue,
              https: identity != nil, fingerprint: identity?.fingerprint.description,
              wall: wallBoard?.wall, member: wallBoard?.member),
            apiPort: address.port, localAPIPort: config.localAPIListen?.port, serving: serving,
            logger: logger),
          successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore))
    }
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [
          .init(service: DisplayService(display: runtime.display))
        ] + listeners + [
          .init(service: lifecycle),
          .init(service: reloader),
          // With no fetched source it returns at once; a fetch that fails is the source's
          // trouble, never the daemon's.
          .init(
            service: SourceFetchers(service: runtime.service, logger: logger),
            successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore),
        ] + (mqtt.map { [.init(service: $0)] } ?? [])
          + (wallService.map { [.init(service: $0)] } ?? []) + [
            // Our own handler, not a dispatch signal source: it works however the parent left
            // the signal mask. When it returns, the group shuts down gracefully.
            .init(
              service: StopSignalService(logger: logger),
              successTerminationBehavior: .gracefullyShutdownGroup)
          ],
        logger: logger))
    do {
      onStart(parts)
      try await group.run()
    } catch {
      // However it ends, the motors end de-energised.
      Self.stopMotion(of: driven, logger: logger)
      throw error
    }
    await runtime.display.saveIfSettled()
    Self.stopMotion(of: driven, logger: logger)
    Self.saveCleanStop(of: runner, to: store, at: runtime.clock.now(), logger: logger)
    try store.close()
    logger.info("store closed: \(databasePath)")
  }

  /// Header limits and the idle timeout (docs/config.md, `http:`).
  static func serverConfiguration(_ limits: HTTPLimits) -> HTTP1Channel.Configuration {
    let idle = limits.idleTimeout.components
    return HTTP1Channel.Configuration(
      idleTimeout: .seconds(idle.seconds),
      httpDecoderConfiguration: .init(
        maxHeaderFieldSize: limits.maxHeaderBytes, maxHeaderListSize: limits.maxHeaderListBytes,
        maxHeaderFieldCount: limits.maxHeaderCount))
  }

  /// The MQTT face, on libmosquitto.
  static func mqttBridge(_ settings: MQTTSettings, runtime: Runtime, logger: Logger)
    throws(DaemonError) -> MQTTBridge
  {
    let topics = MQTTTopics(
      prefix: settings.prefix, board: settings.board ?? MQTTTopics.slug(runtime.board.name))
    do {
      let transport = try MQTTClientFactory.make(
        settings: settings, clientID: settings.clientID ?? "clack-\(topics.board)",
        will: (topics.availability, Array("offline".utf8)),
        finder: brokerFinder(settings, logger: logger))
      return MQTTBridge(
        settings: settings, topics: topics, transport: transport, service: runtime.service,
        logger: logger)
    } catch {
      throw DaemonError("\(error)")
    }
  }

  /// What finds the broker on the LAN when `mqtt.host` is `auto`; nil when it is named.
  static func brokerFinder(_ settings: MQTTSettings, logger: Logger) -> (any MQTTBrokerFinder)? {
    settings.findsBroker ? LANBrokerFinder(tls: settings.tls != nil, logger: logger) : nil
  }

  /// The API key (made on first start) and who may read without it.
  static func access(
    config: DaemonConfig, stateDirectory: String, keyCommand: String, logger: Logger
  ) throws(DaemonError) -> AccessPolicy {
    let path = config.apiKeyFile ?? APIKey.defaultPath(stateDirectory: stateDirectory)
    let (key, created) = try APIKey.loadOrCreate(path: path)
    if created {
      logger.info("made a new API key in \(path) (mode 0600); \(keyCommand) prints it")
    } else if APIKey.isExposed(path: path) {
      logger.warning("the API key file \(path) can be read by other users: chmod 600 it")
    }
    let loopback = config.listen.isLoopback
    logger.info(
      loopback
        ? "writes need the API key; reads are open to this machine (loopback listener)"
        : "every request but /health and the web page needs the API key (LAN listener)")
    return AccessPolicy(
      keys: APIKeyStore(key, path: path), loopbackOnly: loopback, keyCommand: keyCommand)
  }
}
