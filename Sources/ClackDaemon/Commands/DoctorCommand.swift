import ArgumentParser
import ClackCommands
import ClackConfig
import Foundation

/// `clack doctor`: what stands between this machine and a running board, with the fixes.
public struct DoctorCommand: AsyncParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Check this machine for what the daemon needs, and say how to fix what is wrong.",
    discussion: """
      Checks the config file and the board file; that the GPIO chips, lines, I2C buses and \
      addresses and SPI devices the board names exist and answer (addresses are not probed \
      while the daemon holds the bus), and that each I2C bus runs at least at the clock the \
      board file gives (clock_hz); that the service's user (clack, when the package is \
      installed; else you) may use them; that real-time priority and memory locking are \
      allowed (clack.service's limits, else this shell's); that the state directory is \
      writable, has room and holds a healthy database; that the API answers; and, when MQTT \
      is configured, that libmosquitto can be loaded and the broker answers; and whether the daemon can be found on the LAN \
      (avahi-daemon, docs/discovery.md). Each problem \
      comes with the command that fixes it. Exits 1 when something is wrong, 0 otherwise.
      """)

  @Option(
    help: ArgumentHelp(
      "Config file (default: /etc/clack/clack.yaml when it exists, else the defaults).",
      valueName: "file"))
  var config: String?

  @Option(help: ArgumentHelp("Board file; overrides the config's 'board'.", valueName: "file"))
  var board: String?

  @Option(help: ArgumentHelp("State directory; overrides the config's 'state'.", valueName: "dir"))
  var state: String?

  public static let packagedConfig = DaemonConfig.packagedPath

  public func run() async throws {
    let file =
      config
      ?? (FileManager.default.fileExists(atPath: Self.packagedConfig) ? Self.packagedConfig : nil)
    let findings = await Doctor(probe: LinuxDoctorProbe()).run(
      configFile: file, overrides: Daemon.Overrides(board: board, state: state))
    print(Self.report(findings))
    if findings.contains(where: { $0.verdict == .problem }) { throw ExitCode(1) }
  }

  /// One line per finding, each problem followed by its fix; a closing count.
  static func report(_ findings: [DoctorFinding]) -> String {
    var lines: [String] = []
    for finding in findings {
      let mark =
        switch finding.verdict {
        case .ok: "ok     "
        case .note: "note   "
        case .problem: "PROBLEM"
        }
      lines.append("\(mark) \(finding.subject): \(finding.text)")
      if let fix = finding.fix { lines.append("        fix: \(fix)") }
    }
    let problems = findings.count { $0.verdict == .problem }
    lines.append(
      problems == 0
        ? "no problems found" : "\(problems) problem\(problems == 1 ? "" : "s") found")
    return lines.joined(separator: "\n")
  }
}
