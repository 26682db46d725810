import ArgumentParser

public struct ClackCommand: ParsableCommand {
  public init() {}
}
