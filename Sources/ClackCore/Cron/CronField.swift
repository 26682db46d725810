/// One of the five fields of a cron expression, as the set of values it allows.
struct CronField: Hashable, Sendable {
  enum Kind: String, CaseIterable, Sendable {
    case minute, hour
    case dayOfMonth = "day-of-month"
    case month
    case dayOfWeek = "day-of-week"

    var range: ClosedRange<Int> {
      switch self {
      case .minute: 0...59
      case .hour: 0...23
      case .dayOfMonth: 1...31
      case .month: 1...12
      case .dayOfWeek: 0...7  // 7 is Sunday too
      }
    }

    var names: [String] {
      switch self {
      case .month:
        ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
      case .dayOfWeek: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]
      default: []
      }
    }

    /// The value a name stands for (months count from 1, weekdays from 0).
    func value(ofName name: Substring) -> Int? {
      guard let index = names.firstIndex(of: name.uppercased()) else { return nil }
      return self == .month ? index + 1 : index
    }
  }

  let kind: Kind
  /// Bit n set when value n is allowed.
  let bits: UInt64
  /// True when the field starts with `*` (`*` or `*/n`). Cron's day-matching rule and its
  /// daylight-saving rule both depend on it.
  let isStar: Bool

  func contains(_ value: Int) -> Bool { bits & (1 << UInt64(value)) != 0 }

  /// The allowed values in increasing order.
  var values: [Int] { kind.range.filter(contains) }

  init(kind: Kind, text: Substring) throws(CronFieldError) {
    self.kind = kind
    self.isStar = text.hasPrefix("*")
    var bits: UInt64 = 0
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      bits |= try CronField.parse(item: item, kind: kind)
    }
    if kind == .dayOfWeek, bits & (1 << 7) != 0 {
      bits = (bits & ~(1 << 7)) | 1
    }
    self.bits = bits
  }

  /// Parses `*`, `N`, `A-B`, each optionally followed by `/STEP`.
  private static func parse(item: Substring, kind: Kind) throws(CronFieldError) -> UInt64 {
    guard !item.isEmpty else { throw CronFieldError("an empty list item") }
    let parts = item.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { throw CronFieldError("'\(item)' has more than one '/'") }
    var step = 1
    if parts.count == 2 {
      guard let value = Int(parts[1]), value > 0 else {
        throw CronFieldError("'\(parts[1])' in '\(item)' is not a positive step")
      }
      step = value
    }
    let base = parts[0]
    var low = kind.range.lowerBound
    var high = kind.range.upperBound
    if kind == .dayOfWeek { high = 6 }  // `*` means Sunday–Saturday once, not Sunday twice
    if base != "*" {
      let ends = base.split(separator: "-", omittingEmptySubsequences: false)
      guard ends.count <= 2 else { throw CronFieldError("'\(base)' is not a value or a range") }
      low = try value(ends[0], kind: kind)
      // `N/STEP` means N to the end of the range, as in Vixie cron.
      high = ends.count == 2 ? try value(ends[1], kind: kind) : (parts.count == 2 ? high : low)
      guard low <= high else {
        throw CronFieldError("the range '\(base)' runs backwards (\(low) > \(high))")
      }
    }
    var bits: UInt64 = 0
    for value in stride(from: low, through: high, by: step) { bits |= 1 << UInt64(value) }
    return bits
  }

  private static func value(_ text: Substring, kind: Kind) throws(CronFieldError) -> Int {
    if let number = Int(text) {
      guard kind.range.contains(number) else {
        throw CronFieldError(
          "\(number) is out of range \(kind.range.lowerBound)-\(kind.range.upperBound)")
      }
      return number
    }
    if let named = kind.value(ofName: text) { return named }
    let hint = kind.names.isEmpty ? "" : " or a name (\(kind.names.joined(separator: " ")))"
    throw CronFieldError("'\(text)' is not a number\(hint)")
  }
}

struct CronFieldError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
