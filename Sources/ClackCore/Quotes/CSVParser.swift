/// A small RFC 4180 CSV reader that remembers the line each record starts on, so import errors
/// can point at the line a user sees in an editor.
enum CSVParser {
  struct Record: Equatable {
    let fields: [String]
    /// 1-based line of the record's first character.
    let line: Int
  }

  enum Failure: Error, Equatable {
    case unterminatedQuote(line: Int)
    case stray(line: Int)
  }

  static func parse(_ text: String) throws(Failure) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field = ""
    var line = 1
    var recordLine = 1
    var quoted = false
    var quoteStartLine = 1
    var afterQuote = false
    var iterator = Array(text).makeIterator()
    var pending: Character? = nil

    func endRecord() {
      fields.append(field)
      // A blank line is not a record.
      if !(fields.count == 1 && fields[0].isEmpty) {
        records.append(Record(fields: fields, line: recordLine))
      }
      fields = []
      field = ""
    }

    while let character = pending ?? iterator.next() {
      pending = nil
      if quoted {
        if character == "\"" {
          if let next = iterator.next() {
            if next == "\"" {
              field.append("\"")
            } else {
              quoted = false
              afterQuote = true
              pending = next
            }
          } else {
            quoted = false
            afterQuote = true
          }
        } else {
          if character.isNewline { line += 1 }
          field.append(character)
        }
        continue
      }
      switch character {
      case ",":
        fields.append(field)
        field = ""
        afterQuote = false
      case "\n", "\r\n", "\r":
        endRecord()
        afterQuote = false
        line += 1
        recordLine = line
      case "\"" where field.isEmpty && !afterQuote:
        quoted = true
        quoteStartLine = line
      default:
        // Text after a closing quote ("a"b) is malformed.
        if afterQuote { throw .stray(line: line) }
        field.append(character)
      }
    }
    if quoted { throw .unterminatedQuote(line: quoteStartLine) }
    if !field.isEmpty || !fields.isEmpty || afterQuote { endRecord() }
    return records
  }
}
