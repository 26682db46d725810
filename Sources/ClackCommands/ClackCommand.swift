import ArgumentParser
import ClackDaemon

/// The `clack` command: the root of every subcommand.
public struct ClackCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "clack",
    abstract: "Drive a split-flap or LED-matrix display from a Linux board.",
    discussion: """
      Clack runs a board of flaps: 'clack sim' shows a simulated board in the terminal, \
      'clack run' drives the real one, and 'clack send', 'status', 'queue' and 'quotes' talk \
      to either over its HTTP API. Other commands lay text out, pick quotes and check boards. \
      Boards are described by YAML files in boards/; without one, commands use a 6×22 board \
      with every Vestaboard character.
      """,
    version: ClackVersion.current,
    subcommands: [
      RenderCommand.self, QuoteCommand.self, PlanCommand.self, BoardCommand.self, HomeCommand.self,
      TestPatternCommand.self, RunCommand.self, SimCommand.self, SendCommand.self,
      StatusCommand.self, QueueCommand.self, QuotesCommand.self, KeyCommand.self,
    ]
  )

  public init() {}

  /// Parses the command line and runs the command (async ones on Swift concurrency).
  public static func entry() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }
}
