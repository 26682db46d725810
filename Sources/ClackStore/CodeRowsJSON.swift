/// Rows of character codes as the JSON text the `message` table keeps them in
/// (`[[0,8,5],[...]]`), written and read by hand: through `JSONEncoder` and `JSONDecoder` a
/// 6 × 22 frame cost more than the rest of storing a message.
enum CodeRowsJSON {
  static func text(_ rows: [[Int]]) -> String {
    var text = "["
    text.reserveCapacity(rows.reduce(2) { $0 + $1.count * 4 + 2 })
    for (index, row) in rows.enumerated() {
      if index > 0 { text += "," }
      text += "["
      for (column, code) in row.enumerated() {
        if column > 0 { text += "," }
        text += String(code)
      }
      text += "]"
    }
    return text + "]"
  }

  /// The rows, or nil when `text` is not an array of arrays of integers (a hand-edited row).
  static func rows(_ text: String) -> [[Int]]? {
    var rows: [[Int]] = []
    var row: [Int] = []
    var number: Int?
    var negative = false
    var depth = 0
    var finished = false  // the outer array closed: only spacing may follow
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "["):
        guard !finished else { return nil }
        depth += 1
        guard depth <= 2 else { return nil }
        row = []
      case UInt8(ascii: "]"):
        guard !negative || number != nil else { return nil }
        if let value = number { row.append(negative ? -value : value) }
        number = nil
        negative = false
        if depth == 2 { rows.append(row) }
        depth -= 1
        guard depth >= 0, !finished else { return nil }
        finished = depth == 0
      case UInt8(ascii: ","):
        guard depth == 1 || number != nil, !negative || number != nil else { return nil }
        if let value = number { row.append(negative ? -value : value) }
        number = nil
        negative = false
      case UInt8(ascii: "-"):
        guard depth == 2, number == nil, !negative else { return nil }
        negative = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard depth == 2 else { return nil }
        let (times, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
        guard !overflow, !overflow2 else { return nil }
        number = sum
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        guard number == nil else { return nil }
      default: return nil
      }
    }
    return finished ? rows : nil
  }
}
