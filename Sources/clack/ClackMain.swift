import ArgumentParser
import ClackCommands
import ClackDaemon

/// `clack`: the command line of ClackCommands, with the daemon's own commands added.
struct Clack: AsyncParsableCommand {
  static let configuration = ClackCommand.root(daemonCommands: [
    RunCommand.self, SimCommand.self, KeyCommand.self, DoctorCommand.self, PageCommand.self,
  ])
}

/// The entry point: `clack run` and `clack sim` run the daemon on Swift concurrency, so the
/// root command is async.
@main
enum ClackMain {
  static func main() async {
    await ClackCommand.entry(Clack.self)
  }
}
