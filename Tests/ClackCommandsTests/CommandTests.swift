import ArgumentParser
import ClackBoard
import ClackCore
import Foundation
import Testing

@testable import ClackCommands

/// Parses a command line the way `clack` does and returns the command.
func parse<C: ParsableCommand>(_ type: C.Type, _ arguments: [String]) throws -> C {
  let command = try ClackCommand.parseAsRoot(arguments)
  return try #require(command as? C)
}

@Suite struct RenderCommandTests {
  @Test func printsAGridWithACharacterCount() throws {
    let render = try parse(
      RenderCommand.self, ["render", "hi", "--rows", "2", "--cols", "4", "--color", "never"])
    #expect(
      try render.output(isTerminal: false) == """
        ┌─┬─┬─┬─┐
        │ │H│I│ │
        ├─┼─┼─┼─┤
        │ │ │ │ │
        └─┴─┴─┴─┘
        2 of 8 characters, 1 of 2 rows, flap set vestaboard

        """)
  }

  @Test func jsonHasTheVestaboardCodesRowByRow() throws {
    let render = try parse(
      RenderCommand.self,
      ["render", "ab\\nc{63}", "--rows", "2", "--cols", "3", "--justify", "left", "--json"])
    let output = try render.output(isTerminal: false)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(object["rows"] as? Int == 2)
    #expect(object["cols"] as? Int == 3)
    #expect(object["codes"] as? [[Int]] == [[1, 2, 0], [3, 63, 0]])
  }

  @Test func colourIsOnlyForTerminalsUnlessForced() throws {
    let auto = try parse(RenderCommand.self, ["render", "{red}", "--rows", "1", "--cols", "1"])
    #expect(try auto.output(isTerminal: false).contains("│r│"))
    let always = try parse(
      RenderCommand.self, ["render", "{red}", "--rows", "1", "--cols", "1", "--color", "always"])
    #expect(try always.output(isTerminal: false).contains("\u{1B}[38;5;196m"))
    #expect(ColorChoice.auto.resolved(isTerminal: true, environment: ["NO_COLOR": "1"]) == false)
    #expect(ColorChoice.auto.resolved(isTerminal: true, environment: [:]) == true)
  }

  @Test func pngWritesAPictureOfTheBoard() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-render-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let render = try parse(
      RenderCommand.self,
      ["render", "hi {red}", "--rows", "2", "--cols", "5", "--png", path, "--scale", "2"])
    let output = try render.output(isTerminal: false)
    // 5 flaps of 18 px and 2 rows of 26 px, 2 px apart, in a 6 px border.
    #expect(output.contains("wrote \(path) (110×66 px, "))
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let badScale = #expect(throws: (any Error).self) {
      try parse(RenderCommand.self, ["render", "hi", "--png", path, "--scale", "0"])
    }
    let message = badScale.map { "\($0)" } ?? ""
    #expect(message.contains("--scale must be from 1 to 16, not 0"))
    let unwritable = try parse(
      RenderCommand.self, ["render", "hi", "--png", "/nonexistent-dir/board.png"])
    let failure = #expect(throws: (any Error).self) { try unwritable.output(isTerminal: false) }
    let written = failure.map { "\($0)" } ?? ""
    #expect(written.contains("could not write the picture to /nonexistent-dir/board.png"))
  }

  @Test func layoutErrorsReachTheUser() throws {
    let render = try parse(RenderCommand.self, ["render", "a€", "--rows", "1", "--cols", "5"])
    #expect(throws: CommandFailure.self) { try render.output(isTerminal: false) }
    do {
      _ = try render.output(isTerminal: false)
    } catch {
      #expect("\(error)".contains("\"€\" at line 1, column 2"))
    }
  }

  @Test func jsonOfSymbolsWithoutCodesHasTheirLinesAndNullCodes() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clack-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("runes.yaml")
    try "name: runes\ngeometry: {rows: 1, cols: 3}\nflaps: {name: r, symbols: ' ᚠᚢ'}\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let render = try parse(RenderCommand.self, ["render", "ᚠ", "--board", file.path, "--json"])
    #expect(
      try render.output(isTerminal: false)
        == #"{"characters":1,"rows":1,"cols":3,"lines":[" ᚠ "],"codes":null}"# + "\n")
  }

  @Test(arguments: [
    ["render", "x", "--board", "b.yaml", "--rows", "3"],
    ["render", "x", "--rows", "0"],
    ["render", "x", "--cols", "500"],
    ["render", "x", "--justify", "middle"],
  ])
  func badArgumentsAreRejectedByTheParser(arguments: [String]) {
    #expect(throws: (any Error).self) { try ClackCommand.parseAsRoot(arguments) }
  }

  /// What renders is what the simulator accepts: with no board named, render lays out for the
  /// built-in board `clack sim` and `clack run` drive, and says why a character it lacks fails.
  @Test func theDefaultIsTheBuiltInBoardOfTheSimulator() throws {
    let builtin = try BuiltinBoard.load()
    let layout = try parse(RenderCommand.self, ["render", "x"]).board.layout()
    #expect(layout.rows == builtin.rows && layout.cols == builtin.cols)
    #expect(layout.flapSet == builtin.flapSet)
    // Vestaboard's flaps: every colour, and what a clock needs.
    let clock = try parse(RenderCommand.self, ["render", "{orange} MEET AT 10:30"])
    #expect(try clock.output(isTerminal: false).contains("flap set vestaboard"))
    let tilde = try parse(RenderCommand.self, ["render", "a ~ b"])
    do {
      _ = try tilde.output(isTerminal: false)
      Issue.record("the built-in board has no ~ flap, yet it rendered")
    } catch {
      #expect("\(error)".contains("flap set 'vestaboard'"))
      #expect("\(error)".contains("--board FILE lays out for your board's own flaps"))
    }
    let narrow = try parse(RenderCommand.self, ["render", "10:30", "--flaps", "splitflap-52"])
    #expect(throws: (any Error).self) { try narrow.output(isTerminal: false) }
  }

  @Test func unknownFlapSetNamesTheKnownOnes() throws {
    let render = try parse(RenderCommand.self, ["render", "x", "--flaps", "nope"])
    do {
      _ = try render.output(isTerminal: false)
      Issue.record("accepted an unknown flap set")
    } catch {
      #expect(
        "\(error)".contains("built-in sets: vestaboard, splitflap-52, classic-40, elder-futhark-40")
      )
    }
  }
}

@Suite struct QuoteCommandTests {
  @Test func onADateMatchesTheQuoteOfTheDay() throws {
    let quote = try parse(QuoteCommand.self, ["quote", "on", "2026-12-25", "--json"])
    let output = try quote.output(now: Date(), isTerminal: false)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let day = try #require(CivilDate(iso: "2026-12-25"))
    let expected = try #require(QuoteOfTheDay().quote(on: day))
    #expect(object["date"] as? String == "2026-12-25")
    #expect(object["text"] as? String == expected.text)
    #expect(object["author"] as? String == expected.author)
    #expect((object["codes"] as? [[Int]])?.count == 6)
  }

  @Test func todayUsesTheLocalCalendarDate() throws {
    let quote = try parse(QuoteCommand.self, ["quote", "--color", "never"])
    let now = Date()
    let today = try #require(QuoteCommand.localDate(of: now))
    let expected = try #require(QuoteOfTheDay().quote(on: today))
    let output = try quote.output(now: now, isTerminal: false)
    #expect(output.hasPrefix("Quote of the day for \(today):"))
    #expect(output.hasSuffix("\(expected.text) — \(expected.author)\n"))
  }

  @Test func randomGivesABundledQuote() throws {
    let quote = try parse(QuoteCommand.self, ["quote", "random", "--json"])
    let output = try quote.output(now: Date(), isTerminal: false)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let text = try #require(object["text"] as? String)
    #expect(BundledQuotes.all.contains { $0.text == text })
    #expect(object["date"] == nil)
  }

  @Test(arguments: [
    ["quote", "on"], ["quote", "on", "2026-02-30"], ["quote", "today", "2026-01-01"],
    ["quote", "yesterday"],
  ])
  func badArgumentsAreRejected(arguments: [String]) {
    #expect(throws: (any Error).self) { try ClackCommand.parseAsRoot(arguments) }
  }

  @Test func helpTextsExist() {
    let help = ClackCommand.helpMessage(for: QuoteCommand.self)
    #expect(help.contains("today, random, or on"))
    #expect(ClackCommand.helpMessage(for: RenderCommand.self).contains("--lenient"))
  }
}
