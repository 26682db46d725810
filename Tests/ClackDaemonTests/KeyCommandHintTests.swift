import Testing

@testable import ClackDaemon

/// The command a hint tells a user to run matches where `clack key` would look.
@Suite struct KeyCommandHintTests {
  let environment = ["XDG_STATE_HOME": "/home/ann/.local/state", "HOME": "/home/ann"]

  func hint(state: String, apiKeyFile: String? = nil, config: String? = nil) -> String {
    KeyCommandHint.command(
      apiKeyFile: apiKeyFile, configFile: config, stateDirectory: state, environment: environment)
  }

  @Test func eachDaemonGetsItsOwnCommand() {
    #expect(hint(state: "/home/ann/.local/state/clack") == "clack key")
    #expect(hint(state: "/home/ann/.local/state/clack-sim") == "clack key --sim")
    #expect(hint(state: "/srv/board") == "clack key --state /srv/board")
    #expect(
      hint(state: "/srv/board", apiKeyFile: "/etc/clack/key", config: "/etc/clack/clack.yaml")
        == "clack key --config /etc/clack/clack.yaml")
  }

  @Test func pathsAreShellWords() {
    #expect(hint(state: "/srv/my board") == "clack key --state '/srv/my board'")
    #expect(hint(state: "/srv/ann's") == #"clack key --state '/srv/ann'\''s'"#)
  }
}
