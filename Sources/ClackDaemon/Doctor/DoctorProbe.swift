import ClackHAL
import ClackMQTT

/// What `clack doctor` asks of the machine, so each problem it reports can be made in a test
/// (`LinuxDoctorProbe` asks the real one).
protocol DoctorProbe: Sendable {
  func fileExists(_ path: String) -> Bool
  /// The GPIO chips present, or why they cannot be listed.
  func gpioChips() -> Result<[GPIOChipInfo], HALError>
  /// Nil when something answers at `address` on the bus, else why not.
  func i2cProbe(bus: String, address: Int) -> HALError?
  /// The clock the machine runs the bus at, in hertz, as its device tree sets it; nil when
  /// the bus has no device-tree node to say (not a Pi's controller).
  func i2cClockHz(bus: String) -> Int?
  /// The largest transfer spidev takes, in bytes (its `bufsiz` parameter); nil when the
  /// spidev module is not loaded.
  func spidevBufferBytes() -> Int?
  /// Whether the device node can be opened for reading and writing by the service's user,
  /// and the group that owns it.
  func access(_ path: String, for user: DoctorUser) -> DeviceAccess
  /// The user the service runs as (`clack` when it exists), else the one running doctor.
  func serviceUser() -> DoctorUser
  /// The limits the daemon will run with: the service unit's when there is one, else this
  /// process's.
  func realtimeLimits() -> RealtimeLimits
  func directory(_ path: String) -> DirectoryState
  /// Nil when the database passes SQLite's quick check (or does not exist yet), else why not.
  func databaseProblem(_ path: String) -> String?
  /// The daemon's `/health`, or why it did not answer.
  func health(at url: String) async -> Result<DaemonHealth, DoctorProbeError>
  /// Nil when a TCP connection to host:port opens, else why not.
  func connect(host: String, port: Int) async -> String?
  /// Nil when the MQTT client's library (libmosquitto) can be loaded, else why not.
  func mqttLibraryProblem() -> String?
  /// Nil when avahi-daemon answers (the daemon can be advertised on the LAN), else why not.
  func discoveryProblem() -> String?
  /// The broker advertised on the LAN (`mqtt.host: auto`), or why none was found.
  func findBroker(tls: Bool) -> Result<MQTTBrokerAddress, MQTTTransportError>
}

struct DoctorProbeError: Error, Sendable, CustomStringConvertible {
  let description: String
}

struct DoctorUser: Sendable, Equatable {
  let name: String
  let groups: [String]
  /// True for the `clack` system user of the package.
  let isService: Bool
}

enum DeviceAccess: Sendable, Equatable {
  case ok
  case missing
  /// Present but not usable; the node's group (to join) and mode.
  case denied(group: String, mode: Int)
}

struct RealtimeLimits: Sendable, Equatable {
  /// RLIMIT_RTPRIO (or 99 with CAP_SYS_NICE).
  let rtprio: Int
  /// RLIMIT_MEMLOCK in bytes; nil for unlimited.
  let memlockBytes: UInt64?
  /// Where they come from: `clack.service` or `this shell`.
  let source: String
}

struct DirectoryState: Sendable, Equatable {
  let exists: Bool
  let writable: Bool
  let freeBytes: Int64
}

struct DaemonHealth: Sendable, Equatable {
  let homed: Bool
  let queued: Int
}
