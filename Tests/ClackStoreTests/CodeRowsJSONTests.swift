import Foundation
import Testing

@testable import ClackStore

@Suite struct CodeRowsJSONTests {
  @Test func rowsRoundTripAndMatchFoundationsJSON() throws {
    let cases: [[[Int]]] = [[], [[]], [[0]], [[1, 2, 3], [63, 64, 71]], [[-1, 0, 9_999_999]]]
    for rows in cases {
      let text = CodeRowsJSON.text(rows)
      #expect(text == String(decoding: try JSONEncoder().encode(rows), as: UTF8.self))
      #expect(CodeRowsJSON.rows(text) == rows)
    }
    let board = (0..<6).map { row in (0..<22).map { (row * 22 + $0) % 72 } }
    #expect(CodeRowsJSON.rows(CodeRowsJSON.text(board)) == board)
  }

  @Test func spacingIsAcceptedAsJSONAllowsIt() {
    #expect(CodeRowsJSON.rows(" [ [1, 2] ,\n[3] ] ") == [[1, 2], [3]])
  }

  @Test func textThatIsNotRowsOfIntegersIsRefused() {
    for text in [
      "", "[", "[[1,2]", "[1,2]", "[[1 2]]", "[[1.5]]", "[[\"a\"]]", "[[[1]]]", "[[-]]", "[[--1]]",
      "[[1]]]", "{}", "[[99999999999999999999]]",
    ] {
      #expect(CodeRowsJSON.rows(text) == nil, "\(text)")
    }
  }
}
