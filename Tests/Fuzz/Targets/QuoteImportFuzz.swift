import ClackCore
import Foundation

extension FuzzTarget {
  static let quotesCSV = FuzzTarget(
    name: "quotes-csv", reads: "a quote import in CSV (`clack quotes import`), fitted to 6×22"
  ) { bytes in
    guard let result = try? QuoteImport().importCSV(String(decoding: bytes, as: UTF8.self)) else {
      return false
    }
    checkImport(result)
    return true
  }

  static let quotesJSON = FuzzTarget(
    name: "quotes-json", reads: "a quote import in JSON (`clack quotes import`), fitted to 6×22"
  ) { bytes in
    guard let result = try? QuoteImport().importJSON(bytes) else { return false }
    checkImport(result)
    return true
  }

  /// Every quote kept fits the board; every one refused says where and why.
  static func checkImport(_ result: QuoteImport.Result) {
    let formatter = QuoteImport().formatter
    for quote in result.quotes {
      expect((try? formatter.frame(for: quote)) != nil, "a kept quote that does not fit")
    }
    for problem in result.problems {
      expect(!problem.location.isEmpty && !problem.message.isEmpty, "a problem without words")
    }
  }
}
