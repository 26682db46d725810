/// A font file that cannot be read, with where: the file, the line (from 1) and what is wrong.
public struct FontFileError: Error, Hashable, Sendable, CustomStringConvertible {
  public let file: String
  public let line: Int
  public let message: String

  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String {
    line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
  }
}

/// Hex digits to bits, most significant first; nil for anything that is not hex.
enum HexBits {
  static func bits(_ text: Substring) -> [Bool]? {
    var bits: [Bool] = []
    bits.reserveCapacity(text.count * 4)
    for character in text {
      guard let value = character.hexDigitValue else { return nil }
      for shift in stride(from: 3, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
    }
    return bits
  }
}

extension Substring {
  /// Without spaces and tabs at either end.
  var trimmedOfSpaces: Substring {
    var (start, end) = (startIndex, endIndex)
    while start < end, self[start] == " " || self[start] == "\t" { formIndex(after: &start) }
    while end > start, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
      formIndex(before: &end)
    }
    return self[start..<end]
  }
}
