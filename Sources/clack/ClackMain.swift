import ArgumentParser
import ClackCommands

/// The entry point: `clack run` and `clack sim` run the daemon on Swift concurrency, so the
/// root command is async.
@main
enum ClackMain {
  static func main() async {
    await ClackCommand.entry()
  }
}
