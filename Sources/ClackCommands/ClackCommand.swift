import ArgumentParser

/// The `clack` command: the root of every subcommand.
public struct ClackCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "clack",
    abstract: "Drive a split-flap or LED-matrix display from a Linux board.",
    discussion: """
      Clack lays text out for a board of flaps, picks quotes, and (in later versions) runs the \
      board itself. Boards are described by YAML files in boards/; without one, commands use a \
      6×22 board with every Vestaboard character.
      """,
    version: ClackVersion.current,
    subcommands: [
      RenderCommand.self, QuoteCommand.self, PlanCommand.self, BoardCommand.self, HomeCommand.self,
      TestPatternCommand.self,
    ]
  )

  public init() {}
}

public enum ClackVersion {
  public static let current = "0.1.0"
}
