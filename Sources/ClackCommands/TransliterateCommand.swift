import ArgumentParser
import ClackCore

/// `clack transliterate --script elder TEXT`: Latin text in runes, as a board would show it.
struct TransliterateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transliterate",
    abstract: "Write Latin text in runes: Elder or Younger Futhark, or Tolkien's Cirth.",
    discussion: """
      Letters are written by sound (docs/runes.md has every table and its sources): th, ng \
      and ei are one rune in the Elder Futhark; the Younger Futhark merges sounds as the \
      Viking Age carvers did; Cirth uses the ConScript Unicode Registry's private-use code \
      points, which need a font that has them (GNU Unifont's CSUR variant, Debian \
      xfonts-unifont). Words are parted by ᛫ (Cirth: its own dot), sentences end with ᛬, \
      digits and other punctuation pass through. A letter of another alphabet is an error \
      naming its line and column; --lenient writes ᛭ for it instead.
      """)

  @Argument(help: "The text to write in runes (several words are joined by spaces).")
  var text: [String]

  @Option(
    help: ArgumentHelp(
      "latin, elder, younger, younger-short-twig, cirth or cirth-moria.", valueName: "script"))
  var script: RunicScript = .elder

  @Flag(help: "Write ᛭ for a character with no rune instead of failing.")
  var lenient = false

  @Flag(help: "Also print each sign's code point (U+16A0 …), for fonts without runes.")
  var codePoints = false

  func run() throws {
    print(try output())
  }

  func output() throws -> String {
    let input = text.joined(separator: " ").replacingOccurrences(of: "\\n", with: "\n")
    let runes: String
    do {
      runes = try script.transliterate(input, lenient: lenient)
    } catch {
      throw CommandFailure("\(error)")
    }
    guard codePoints else { return runes }
    let points = runes.unicodeScalars.map {
      $0 == "\n" ? "\n" : "U+" + String($0.value, radix: 16, uppercase: true)
    }
    return runes + "\n" + points.joined(separator: " ").replacingOccurrences(of: " \n ", with: "\n")
  }
}
