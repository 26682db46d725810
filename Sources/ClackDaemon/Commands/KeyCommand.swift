import ArgumentParser
import ClackAPI
import ClackCommands
import ClackConfig
import ClackTLS
import Foundation

/// `clack key`: prints the API key, the one a Vestaboard tool calls its Local API key.
public struct KeyCommand: AsyncParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
    commandName: "key",
    abstract: "Print the daemon's API key.",
    discussion: """
      Writes to the daemon (and, when it listens beyond loopback, reads too) need this key, \
      sent as 'Authorization: Bearer KEY' or 'X-Clack-Key: KEY'. It is also the key to paste \
      into a Vestaboard tool as its Local API key. The daemon makes it on first start, in \
      api-key in its state directory (mode 0600); if there is none yet this command makes it, \
      and the daemon will use the same one.

      --rotate makes a new key, prints it, and has the running daemon take it at once: from \
      then on the old key is refused. A daemon that is not running reads the new key when it \
      starts; one this command cannot reach takes it on 'systemctl reload clack' (SIGHUP).

      When the daemon serves HTTPS (it listens beyond loopback), the SHA-256 fingerprint of \
      its certificate follows on standard error: compare it with the one a browser or \
      'clack status --url https://…' shows on first contact. --fingerprint prints only that.
      """)

  @Option(
    help: ArgumentHelp(
      "The daemon's state directory (default as for clack run).", valueName: "dir"))
  var state: String?

  @Option(
    help: ArgumentHelp(
      "The daemon's config file, for its state, api_key_file, listen address and tls.",
      valueName: "file"))
  var config: String?

  @Flag(help: "The key of clack sim (its own state directory) rather than clack run.")
  var sim = false

  @Flag(help: "Make a new key and have the running daemon take it; the old key is refused.")
  var rotate = false

  @Flag(help: "Print the SHA-256 fingerprint of the daemon's HTTPS certificate instead.")
  var fingerprint = false

  @Option(
    help: ArgumentHelp(
      "With --rotate: the daemon's address (default $CLACK_URL, else the config's listen "
        + "address, https:// when beyond loopback, else http://127.0.0.1:7000).",
      valueName: "url"))
  var url: String?

  public func run() async throws {
    if rotate { return try await rotateKey() }
    if fingerprint {
      guard let found = try certificateFingerprint() else {
        throw CommandFailure(
          "no HTTPS certificate at \(try certificatePath()): the daemon makes it when it first "
            + "starts listening beyond loopback (or with tls: on)")
      }
      return print(found)
    }
    let (path, mayCreateDirectory) = try keyFile()
    let key: APIKey
    do {
      if mayCreateDirectory {
        _ = try StateDirectory.prepare((path as NSString).deletingLastPathComponent)
      }
      let result = try APIKey.loadOrCreate(path: path)
      key = result.key
      if result.created {
        FileHandle.standardError.write(Data("made a new API key in \(path)\n".utf8))
      }
    } catch {
      throw CommandFailure("\(error)")
    }
    print(key.value)
    if let found = try? certificateFingerprint() {
      FileHandle.standardError.write(Data("HTTPS certificate SHA-256 \(found)\n".utf8))
    }
  }

  /// The daemon's HTTPS certificate: the config's own, else the self-signed one in its state
  /// directory.
  func certificatePath() throws -> String {
    let daemonConfig = try self.daemonConfig()
    if case .own(let certificate, _) = daemonConfig.tls { return certificate }
    let directory =
      state ?? daemonConfig.stateDirectory ?? StateDirectory.defaultPath() + (sim ? "-sim" : "")
    return ServerIdentity.defaultPaths(stateDirectory: directory).certificate
  }

  /// The fingerprint of the daemon's certificate; nil when it has none yet.
  func certificateFingerprint() throws -> CertificateFingerprint? {
    do {
      return try ServerIdentity.fingerprint(ofCertificateAt: certificatePath())
    } catch let error as TLSSetupError {
      throw CommandFailure(error.description)
    }
  }

  /// Where the key lives, and whether the command may have to make its directory.
  func keyFile() throws -> (path: String, mayCreateDirectory: Bool) {
    let daemonConfig = try self.daemonConfig()
    if let file = daemonConfig.apiKeyFile, state == nil { return (file, false) }
    let directory =
      state ?? daemonConfig.stateDirectory ?? StateDirectory.defaultPath() + (sim ? "-sim" : "")
    return (APIKey.defaultPath(stateDirectory: directory), true)
  }

  /// The config the daemon runs with: the file given, else the defaults.
  func daemonConfig() throws -> DaemonConfig {
    guard let config else { return DaemonConfig() }
    do {
      return try DaemonConfig.load(path: config)
    } catch {
      throw CommandFailure("\(error)")
    }
  }
}
