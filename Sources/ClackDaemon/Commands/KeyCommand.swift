import ArgumentParser
import ClackAPI
import ClackCommands
import ClackConfig
import Foundation

/// `clack key`: prints the API key, the one a Vestaboard tool calls its Local API key.
public struct KeyCommand: ParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
    commandName: "key",
    abstract: "Print the daemon's API key.",
    discussion: """
      Writes to the daemon (and, when it listens beyond loopback, reads too) need this key, \
      sent as 'Authorization: Bearer KEY' or 'X-Clack-Key: KEY'. It is also the key to paste \
      into a Vestaboard tool as its Local API key. The daemon makes it on first start, in \
      api-key in its state directory (mode 0600); if there is none yet this command makes it, \
      and the daemon will use the same one. To change the key, delete the file and restart.
      """)

  @Option(
    help: ArgumentHelp(
      "The daemon's state directory (default as for clack run).", valueName: "dir"))
  var state: String?

  @Option(
    help: ArgumentHelp(
      "The daemon's config file, for its state and api_key_file.", valueName: "file"))
  var config: String?

  @Flag(help: "The key of clack sim (its own state directory) rather than clack run.")
  var sim = false

  public func run() throws {
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
  }

  /// Where the key lives, and whether the command may have to make its directory.
  func keyFile() throws -> (path: String, mayCreateDirectory: Bool) {
    var daemonConfig = DaemonConfig()
    if let config {
      do {
        daemonConfig = try DaemonConfig.load(path: config)
      } catch {
        throw CommandFailure("\(error)")
      }
    }
    if let file = daemonConfig.apiKeyFile, state == nil { return (file, false) }
    let directory =
      state ?? daemonConfig.stateDirectory ?? StateDirectory.defaultPath() + (sim ? "-sim" : "")
    return (APIKey.defaultPath(stateDirectory: directory), true)
  }
}
