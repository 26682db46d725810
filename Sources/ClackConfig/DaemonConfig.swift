import ClackAPI
import ClackMQTT
import ClackRuntime
import Foundation

/// Everything `clack run` is configured by: the runtime's settings (read and written through
/// this value, as `config.dwell`) and what only the composition and the faces need. Every
/// field has a default, so the simulator needs no file at all; docs/config.md lists them.
@dynamicMemberLookup
public struct DaemonConfig: Sendable {
  public var runtime = RuntimeConfig()
  /// How many of the run of show's entries were written under `schedules` (they come first);
  /// the rest are from `run_of_show`. Error messages name an entry by its key.
  public var schedulesKeyCount = RuntimeConfig.defaultSchedules.count
  /// The board file; nil means the built-in simulated 6 × 22 board.
  public var boardPath: String?
  public var listen = ListenAddress.defaultAddress
  /// HTTPS on the API listener: automatic (beyond loopback), on, off, or the user's own pair.
  public var tls = TLSMode.auto
  /// A plain-HTTP listener for the Vestaboard Local API alone, beside an HTTPS API listener.
  public var localAPIListen: ListenAddress?
  /// Where the database lives; nil means the default for the user (see `StateDirectory`).
  public var stateDirectory: String?
  /// Where the API key is kept; nil means `api-key` in the state directory.
  public var apiKeyFile: String?
  /// The Vestaboard Local API enablement token; nil (the default) turns enablement off.
  public var localAPIEnablementToken: String?
  /// The MQTT broker and topics; nil (the default) means no MQTT.
  public var mqtt: MQTTSettings?
  /// The wall this controller is a member of; nil (the default) means it drives its board
  /// alone.
  public var wall: WallSettings?
  /// Advertise the daemon on the LAN with DNS-SD (docs/discovery.md), when it listens beyond
  /// loopback.
  public var discovery = true
  /// The HTTP server's limits: per-address rate, timeouts, header sizes.
  public var http = HTTPLimits()

  public init() {}

  public subscript<T>(dynamicMember keyPath: WritableKeyPath<RuntimeConfig, T>) -> T {
    get { runtime[keyPath: keyPath] }
    set { runtime[keyPath: keyPath] = newValue }
  }
}
