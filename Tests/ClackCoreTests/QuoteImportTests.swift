import Foundation
import Testing

@testable import ClackCore

@Suite struct QuoteImportTests {
  let importer = QuoteImport()

  @Test func csvWithQuotedFieldsAndPerRowErrors() throws {
    let csv = """
      author,text
      Seneca,"Begin at once to live, and count each day as a life."
      ,No author here
      Anon,"He said ""hi"" and left."
      Anon,"Line one
      line two"
      Anon,This one is much too long to fit on a six by twenty-two board even with very short words in every single row of it all.
      Anon
      Seneca,"Begin at once to live, and count each day as a life."
      Anon,Price €5
      """
    let result = try importer.importCSV(csv)
    #expect(result.quotes.map(\.author) == ["Seneca", "Anon", "Anon"])
    #expect(result.quotes[1].text == "He said \"hi\" and left.")
    #expect(result.quotes[2].text == "Line one\nline two")
    let problems = result.problems.map(\.description)
    #expect(problems.count == 5)
    #expect(problems[0] == "line 3: the author is empty")
    #expect(problems[1].hasPrefix("line 7: cannot be shown on a 6×22 board: text is too long by"))
    #expect(problems[2] == "line 8: has 1 fields, the header has 2")
    #expect(problems[3] == "line 9: repeats an earlier quote in this file")
    #expect(problems[4].contains("\"€\" at line 1, column 7"))
  }

  @Test func csvFileErrors() {
    #expect(throws: QuoteImport.FileError.csv("the file is empty")) { try importer.importCSV("") }
    #expect(throws: QuoteImport.FileError.self) { try importer.importCSV("who,what\na,b") }
    #expect(throws: QuoteImport.FileError.csv("a quoted field starting on line 2 is never closed"))
    {
      try importer.importCSV("text,author\n\"open,x")
    }
    #expect(throws: QuoteImport.FileError.csv("text after a closing quote on line 2")) {
      try importer.importCSV("text,author\n\"a\"b,x")
    }
  }

  @Test func jsonWithPerEntryErrors() throws {
    let json = """
      [{"text": "Know thyself.", "author": "Unknown"},
       {"text": 5, "author": "X"},
       {"author": "X"},
       "just a string",
       {"text": "Fine", "author": ""},
       {"text": "Also fine.", "author": "Someone", "extra": true}]
      """
    let result = try importer.importJSON(Data(json.utf8))
    #expect(result.quotes.map(\.text) == ["Know thyself.", "Also fine."])
    #expect(
      result.problems.map(\.description) == [
        "entry 1: 'text' is missing or not a string",
        "entry 2: 'text' is missing or not a string",
        "entry 3: is not an object",
        "entry 4: the author is empty",
      ])
  }

  @Test func jsonFileErrors() {
    #expect(throws: QuoteImport.FileError.self) { try importer.importJSON(Data("{".utf8)) }
    #expect(throws: QuoteImport.FileError.self) { try importer.importJSON(Data("{}".utf8)) }
  }
}
