import ArgumentParser
import ClackBoard
import ClackCore
import ClackHardware
import Foundation

/// `clack render TEXT`: lay text out and show it as the board would.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Lay text out on a board and print it.",
    discussion: """
      Text is upper-cased and word-wrapped; a typed \\n (or a real newline) starts a new line. \
      {NN} inserts Vestaboard character code NN, {red} … {white} or 🟥🟧🟨🟩🟦🟪⬜⬛ insert \
      colour tiles (those the flaps have), and accents and typographic punctuation are folded (É→E, ’→'). Characters \
      the board cannot show are an error listing each one with its line and column; \
      --lenient shows ? (or a blank) instead. Without colour, tiles print as r o y g b v w k \
      and █ (filled). Without --board, --rows, --cols or --flaps it lays out for the built-in \
      board that clack sim and clack run use (6 × 22, flap set vestaboard: blank, A–Z, 0–9, \
      ! @ # $ ( ) - + & = ; : ' " % , . / ? ° and all seven colour tiles). With --png FILE it also draws a picture of the board (white characters \
      on black flaps with their split line, colour tiles as solid flaps), which needs no daemon \
      and no font on the system. With --board naming a pixel (LED) board, the text is laid out \
      in the board's character grid (its size in its font), printed as half blocks (a colour \
      panel's in 24-bit colour when colour is on), and --png draws the panel's LEDs (a colour \
      panel's in their colours). With --picture FILE (a PNG or a GIF) and a pixel board, the \
      picture is fitted whole to the panel, centred, in the panel's colours (a colour panel's \
      cube of colours, a grey panel's levels, a single-colour panel lit from half lightness); \
      --frame N shows an animation's Nth frame. On rune flaps (boards/sim-runes-6x22.yaml) a terminal gets the \
      runes drawn from GNU Unifont's glyphs, so they need no runic font; piped, they print as \
      characters. With --vbml FILE it composes a VBML document (Vestaboard's markup: \
      components, {{props}}, styles) for the board instead of text (docs/vbml.md).
      """)

  @Argument(help: "The text to show (or --vbml FILE).")
  var text: String?

  @Option(
    help: ArgumentHelp(
      "Compose a VBML document (a JSON file, - for standard input) instead of text.",
      valueName: "file"))
  var vbml: String?

  @Option(
    help: ArgumentHelp(
      "Show a PNG or GIF picture on a pixel (LED) board instead of text, fitted to the panel.",
      valueName: "file"))
  var picture: String?

  @Option(help: "With --picture: the animation's frame to show, from 1.")
  var frame = 1

  @OptionGroup var board: BoardOptions

  @Option(help: "Horizontal placement: left, center, right or justified.")
  var justify: Justify = .center

  @Option(help: "Vertical placement: top, center or bottom.")
  var align: Align = .center

  @Flag(help: "Replace characters the board cannot show instead of failing.")
  var lenient = false

  @Option(
    help: ArgumentHelp(
      "Write the text in runes first: latin, elder, younger, younger-short-twig, cirth or "
        + "cirth-moria (docs/runes.md). The board must show them (rune flaps, or a pixel board "
        + "with a runic font). Without it, Latin, or on rune flaps the script they show.",
      valueName: "script"))
  var script: RunicScript?

  @Flag(
    help: """
      Print {"characters","rows","cols","lines","codes"}: how many characters, each row as \
      text, and the Vestaboard codes row by row (null on flaps without codes, such as runes).
      """)
  var json = false

  @Option(help: "Colour tiles in the grid: auto, always or never.")
  var color: ColorChoice = .auto

  @Option(
    help: ArgumentHelp("Also write a PNG picture of the board to this file.", valueName: "file"))
  var png: String?

  @Option(help: "Size of one font pixel in the PNG, in image pixels (1–16).")
  var scale = 4

  func validate() throws {
    guard [text != nil, vbml != nil, picture != nil].filter({ $0 }).count == 1 else {
      throw ValidationError("give the text to show, --vbml FILE or --picture FILE: one of them")
    }
    guard frame >= 1 else { throw ValidationError("--frame counts from 1, not \(frame)") }
    guard (1...16).contains(scale) else {
      throw ValidationError("--scale must be from 1 to 16, not \(scale)")
    }
  }

  func run() throws {
    print(try output(isTerminal: FrameOutput.stdoutIsTerminal), terminator: "")
  }

  func output(isTerminal: Bool) throws -> String {
    let preview = try board.preview()
    let colored = color.resolved(
      isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment)
    let style = PreviewStyle(color: colored, isTerminal: isTerminal, png: png, pngScale: scale)
    if let vbml {
      return try VBMLRender(file: vbml, json: json).output(on: preview, style: style)
    }
    if let picture { return try showPicture(picture, on: preview, style: style) }
    let script = self.script ?? preview.defaultScript
    let text: String
    do {
      text = try script.transliterate(
        (self.text ?? "").replacingOccurrences(of: "\\n", with: "\n"), lenient: lenient)
    } catch {
      throw CommandFailure("\(error)")
    }
    let options = LayoutOptions(justify: justify, align: align, lenient: lenient)
    let laid: LaidOutText
    do {
      laid = try preview.layout.layout(text, options: options)
    } catch .unsupportedCharacters(let characters, let flapSet) {
      let error = LayoutError.unsupportedCharacters(characters, flapSet: flapSet)
      throw CommandFailure(
        ["\(error)", board.missingCharacterHint].compactMap { $0 }.joined(separator: " "))
    } catch {
      throw CommandFailure("\(error)")
    }
    let (picture, notes) = try preview.picture(of: laid.frame, style: style)
    if json {
      // Standard output stays pure JSON for scripts; the note about the file goes to stderr.
      FileHandle.standardError.write(Data(notes.utf8))
      return try FrameOutput.json(laid.frame, extra: [("characters", "\(laid.characterCount)")])
    }
    return picture + preview.figures(of: laid) + notes
  }
}

extension RenderCommand {
  /// `--picture FILE`: the picture read, fitted to a pixel board's panel and shown.
  func showPicture(_ file: String, on preview: any BoardPreview, style: PreviewStyle) throws
    -> String
  {
    guard let panel = preview as? PixelBoardPreview else {
      throw CommandFailure(
        "--picture needs a pixel (LED) board (--board FILE with a panel); flaps show characters")
    }
    let loaded: Picture
    do {
      loaded = try PictureFile.load(file)
    } catch {
      throw CommandFailure("\(error)")
    }
    guard frame <= loaded.frames.count else {
      throw CommandFailure(
        "\(file) has \(loaded.frames.count) frames; --frame \(frame) is past them")
    }
    let (shown, notes) = try panel.picture(of: loaded, frame: frame - 1, style: style)
    return shown + notes
  }
}

extension Justify: ExpressibleByArgument {}
extension Align: ExpressibleByArgument {}
extension RunicScript: ExpressibleByArgument {}
