import ArgumentParser
import ClackAPI

/// The `clack` command: the root of every subcommand.
public struct ClackCommand: AsyncParsableCommand {
  public static let configuration = root(daemonCommands: [])

  /// The root's configuration. The `clack` program adds the daemon's commands (run, sim, key),
  /// which live with the daemon, so this library never imports it.
  public static func root(daemonCommands: [any ParsableCommand.Type]) -> CommandConfiguration {
    CommandConfiguration(
      commandName: "clack",
      abstract: "Drive a split-flap or LED-matrix display from a Linux board.",
      discussion: """
        Clack runs a board of flaps: 'clack sim' shows a simulated board in the terminal, \
        'clack run' drives the real one, and 'clack send', 'status', 'queue', 'quotes' and the \
        board commands ('clack board quiet on', 'clear', 'home', …) and 'clack calibrate' talk to either over \
        its HTTP API; 'clack doctor' checks a machine for what 'clack run' \
        needs. Other commands lay text out, pick quotes and check boards. \
        Boards are described by YAML files in boards/; without one, commands use a 6×22 board \
        with every Vestaboard character.
        """,
      version: ClackVersion.current,
      subcommands: [
        RenderCommand.self, QuoteCommand.self, TransliterateCommand.self, PlanCommand.self,
        BoardGroupCommand.self,
        HomeCommand.self,
        TestPatternCommand.self,
      ] + daemonCommands + [
        SendCommand.self, StatusCommand.self, QueueCommand.self, QuotesCommand.self,
        PagesCommand.self, CalibrateCommand.self, FindCommand.self,
      ]
    )
  }

  public init() {}

  /// Parses the command line with `root` and runs the command (async ones on Swift
  /// concurrency).
  public static func entry(_ root: any ParsableCommand.Type = ClackCommand.self) async {
    do {
      var command = try root.parseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      root.exit(withError: error)
    }
  }
}
