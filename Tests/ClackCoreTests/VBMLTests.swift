import Foundation
import Testing

@testable import ClackCore

/// VBML composes as Vestaboard's reference implementation does: every example of its own test
/// suite (the fixture) gives the same codes here, and what Clack does not support, or cannot
/// read, is an error that names where.
struct VBMLTests {
  struct Example {
    let name: String
    let document: JSONValue
    let path: [Int]
    let expected: JSONValue?
    let unsupported: String?
  }

  static let examples: [Example] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/vbml-reference-examples.json")
    guard let data = try? Data(contentsOf: url), let json = JSONValue.parse(data),
      case .object(let root) = json, case .array(let items)? = root["examples"]
    else { return [] }
    return items.compactMap { item in
      guard case .object(let fields) = item, case .string(let name)? = fields["name"],
        let document = fields["document"]
      else { return nil }
      var path: [Int] = []
      if case .array(let steps)? = fields["path"] {
        path = steps.compactMap { if case .int(let step) = $0 { step } else { nil } }
      }
      var unsupported: String?
      if case .string(let what)? = fields["unsupported"] { unsupported = what }
      return Example(
        name: name, document: document, path: path, expected: fields["expected"],
        unsupported: unsupported)
    }
  }()

  static func compose(_ json: JSONValue, rows: Int = 6, cols: Int = 22) throws -> [[Int]] {
    var random = SystemRandomNumberGenerator()
    return try VBMLComposer(rows: rows, cols: cols).compose(
      try VBMLDocument(json: json), random: &random)
  }

  static func compose(_ text: String, rows: Int = 6, cols: Int = 22) throws -> [[Int]] {
    try compose(try #require(JSONValue.parse(Data(text.utf8))), rows: rows, cols: cols)
  }

  @Test func theFixtureHoldsTheReferenceExamples() {
    #expect(Self.examples.count == 58)
  }

  @Test(arguments: examples.indices)
  func composesAsTheReference(index: Int) throws {
    let example = Self.examples[index]
    if let unsupported = example.unsupported {
      let error = #expect(throws: VBMLError.self) { try Self.compose(example.document) }
      #expect(error?.message.contains(unsupported) == true, "\(example.name)")
      return
    }
    let codes = try Self.compose(example.document)
    var result = JSONValue.array(codes.map { .array($0.map { .int($0) }) })
    for step in example.path {
      guard case .array(let items) = result, items.indices.contains(step) else {
        Issue.record("\(example.name): no element \(step)")
        return
      }
      result = items[step]
    }
    #expect(result == example.expected, "\(example.name)")
  }

  @Test func aCodeThatIsNoneIsRefusedNamingIt() throws {
    let error = #expect(throws: VBMLError.self) {
      try Self.compose(#"{"components":[{"template":"{99}"}]}"#)
    }
    #expect(error?.path == "components[0].template")
    #expect(error?.message.contains("{99}") == true)
    // A brace left open before more text is no code either.
    #expect(throws: VBMLError.self) { try Self.compose(#"{"components":[{"template":"a{b"}]}"#) }
    // Two digits are read; a third is a character, as the reference reads it.
    #expect(
      try Self.compose(#"{"style":{"height":1,"width":3},"components":[{"template":"{100}"}]}"#)
        == [[10, 36, 0]])
  }

  @Test func mistakesNameTheirPlace() {
    let cases: [(String, String)] = [
      (
        #"{"components":[{"template":"x","style":{"justify":"middle"}}]}"#,
        "components[0].style.justify"
      ),
      (#"{"components":[{"template":7}]}"#, "components[0].template"),
      (#"{"components":[{"tempalte":"x"}]}"#, "components[0].tempalte"),
      (#"{"style":{"width":1000},"components":[]}"#, "style.width"),
      (#"{"components":[{"rawCharacters":[[1,99]]}]}"#, "components[0].rawCharacters[0][1]"),
      (#"{"components":[{"template":"{{>card}}"}]}"#, "components[0].template"),
      (#"{"components":[{"template":"{{#a}}x"}]}"#, "components[0].template"),
      (#"{"props":[1],"components":[]}"#, "props"),
      (#"{"components":"hi"}"#, "components"),
    ]
    for (text, path) in cases {
      let error = #expect(throws: VBMLError.self) { try Self.compose(text) }
      #expect(error?.path == path, "\(text): \(String(describing: error))")
    }
  }

  @Test func propsAreFilledAsMustacheJSFillsThem() throws {
    let document = #"""
      {"props":{"who":"Tom & Jerry","n":3,"x":2.5,"ok":true,"list":[1,2]},
       "style":{"height":1,"width":22},
       "components":[{"template":"{{who}}"}]}
      """#
    // mustache.js escapes & as &amp;, which the board then shows: as the reference does.
    #expect(try Self.compose(document).first == Self.codes("TOM &AMP; JERRY", width: 22))
    let raw = document.replacingOccurrences(of: "{{who}}", with: "{{{who}}}")
    #expect(try Self.compose(raw).first == Self.codes("TOM & JERRY", width: 22))
    let values = document.replacingOccurrences(
      of: "{{who}}", with: "{{n}} {{x}} {{ok}} {{list}} {{missing}}.")
    #expect(try Self.compose(values).first == Self.codes("3 2.5 TRUE 1,2 .", width: 22))
  }

  @Test func aDocumentWithoutASizeTakesTheBoards() throws {
    let codes = try Self.compose(#"{"components":[{"template":"hi"}]}"#, rows: 3, cols: 15)
    #expect(codes.count == 3 && codes.allSatisfy { $0.count == 15 })
    #expect(codes[0].prefix(2) == [8, 9])
  }

  @Test func emojiAndCodesBecomeColourFlaps() throws {
    var random = SystemRandomNumberGenerator()
    let frame = try VBMLComposer(rows: 1, cols: 4).frame(
      VBMLDocument(
        json: try #require(JSONValue.parse(Data(#"{"components":[{"template":"🟥{66}❤️a"}]}"#.utf8)))),
      random: &random)
    #expect(frame[0, 0] == .tile(.red) && frame[0, 1] == .tile(.green))
    #expect(frame[0, 3] == .glyph("A"))
  }

  @Test func javaScriptNumbersAreWrittenAsJavaScriptWritesThem() {
    #expect(JavaScriptNumber.text(2.5) == "2.5")
    #expect(JavaScriptNumber.text(1e21) == "1e+21")
    #expect(JavaScriptNumber.text(1e16) == "10000000000000000")
    #expect(JavaScriptNumber.text(0.000001) == "0.000001")
    #expect(JavaScriptNumber.text(1e-7) == "1e-7")
    #expect(JavaScriptNumber.text(-0.00012) == "-0.00012")
    #expect(JavaScriptNumber.text(1.2345678901234568e20) == "123456789012345680000")
  }

  /// `text` (capitals, digits, space, & and punctuation) as a row of `width` codes.
  static func codes(_ text: String, width: Int) -> [Int] {
    var row = text.map { character -> Int in
      VestaboardCode.code(for: character == " " ? .blank : .glyph(character)) ?? -1
    }
    row += Array(repeating: 0, count: max(0, width - row.count))
    return row
  }
}
