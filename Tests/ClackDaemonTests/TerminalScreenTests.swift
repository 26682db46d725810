import Testing

@testable import ClackDaemon

@Suite struct TerminalScreenTests {
  /// Log lines are redrawn in place: each must clear what a longer earlier line left there.
  @Test func everyLineIsClearedToItsEnd() {
    let text = TerminalBoardView.screen([
      "sim-6x22", "row one\nrow two\n", "clack sim · 0 queued", "  short log", "  another",
    ])
    let escape = "\u{1B}"
    #expect(text.hasPrefix(escape + "[H"))
    #expect(text.hasSuffix(escape + "[K" + escape + "[J"))
    let lines = text.dropFirst(3).dropLast(3).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 6)
    for line in lines {
      #expect(line.hasSuffix(escape + "[K"), "\(line) is not cleared to its end")
    }
    #expect(
      lines.map { $0.dropLast(3) } == [
        "sim-6x22", "row one", "row two", "clack sim · 0 queued", "  short log", "  another",
      ])
  }
}
