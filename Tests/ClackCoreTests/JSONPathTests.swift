import ClackCore
import Foundation
import Testing

/// The path syntax of a page's source fields (docs/sources.md): keys, indexes from either
/// end, quoted keys; a path that cannot be read says where.
@Suite struct JSONPathTests {
  let document = JSONValue.parse(
    Data(
      #"""
      {"current": {"temperature_2m": 21.4, "is_day": 1, "wind": 3.0},
       "departures": [{"line": "M10", "in": 4}, {"line": "12", "in": 9}],
       "a.b": {"c[0]": "odd"}, "tags": ["x", "y"], "none": null, "ok": true}
      """#.utf8))!

  func text(_ path: String) throws -> String? {
    try JSONPath(path).value(in: document)?.pageText
  }

  @Test func keysIndexesAndQuotedKeysReachTheirValues() throws {
    #expect(try text("current.temperature_2m") == "21.4")
    #expect(try text("$.current.wind") == "3", "a whole number shows without .0")
    #expect(try text("$current.is_day") == "1")
    #expect(try text("departures[0].line") == "M10")
    #expect(try text("departures[-1].in") == "9", "from the end")
    #expect(try text(#"["a.b"]['c[0]']"#) == "odd")
    #expect(try text("tags") == "x, y")
    #expect(try text("none") == "")
    #expect(try text("ok") == "true")
    #expect(try text("departures[0]") == #"{"in":4,"line":"M10"}"#)
  }

  @Test func aPathThatIsNotThereHasNoValue() throws {
    #expect(try text("current.humidity") == nil)
    #expect(try text("departures[2].line") == nil)
    #expect(try text("departures.line") == nil, "a key into a list")
    #expect(try text("current[0]") == nil, "an index into an object")
  }

  @Test func eachItemReadsTheRestOfThePathInEveryItem() throws {
    #expect(try text("departures[*].line") == "M10, 12")
    #expect(try JSONPath("departures[*].in").value(in: document) == .array([.int(4), .int(9)]))
    #expect(try JSONPath("departures[*].in").picksEach)
    #expect(try !JSONPath("departures[0].in").picksEach)
    #expect(try text("tags[*]") == "x, y")
    #expect(
      try JSONPath("departures[*].gate").value(in: document) == .array([]),
      "items without the rest of the path are left out")
    #expect(try text("current[*]") == nil, "[*] into an object")
  }

  @Test(arguments: [
    ("", "is empty (at character 1)"),
    ("$", "is empty"),
    ("a..b", "has an empty key (at character 3)"),
    ("a.", "ends with '.'"),
    ("a[", "has an unclosed '['"),
    ("a[1", "has an unclosed '['"),
    ("a[x]", "'[x]' is not an index"),
    ("a[\"x]", "has an unclosed quoted key"),
    ("a[0]b", "expected '.' or '[' after 2 step(s) (at character 5)"),
  ])
  func aPathThatCannotBeReadSaysWhere(path: String, expected: String) {
    #expect {
      _ = try JSONPath(path)
    } throws: { error in
      "\(error)".contains(expected)
    }
  }
}
