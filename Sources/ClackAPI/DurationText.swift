import Foundation

/// Durations as people write them: `90s`, `30m`, `2h`, `1d`, `1h30m`, or plain seconds.
public enum DurationText {
  /// Seconds, or nil when `text` is not a duration.
  public static func seconds(_ text: String) -> TimeInterval? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let plain = Double(trimmed) { return plain >= 0 ? plain : nil }
    var total = 0.0
    var number = ""
    var sawUnit = false
    for character in trimmed {
      if character.isNumber || character == "." {
        number.append(character)
        continue
      }
      guard let value = Double(number) else { return nil }
      switch character {
      case "s": total += value
      case "m": total += value * 60
      case "h": total += value * 3600
      case "d": total += value * 86400
      default: return nil
      }
      number = ""
      sawUnit = true
    }
    return sawUnit && number.isEmpty ? total : nil
  }

  /// A short human form: `45 s`, `3 min`, `2 h 5 min`.
  public static func describe(_ seconds: TimeInterval) -> String {
    let whole = Int(seconds.rounded())
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return "\(whole / 60) min" + (whole % 60 == 0 ? "" : " \(whole % 60) s") }
    let minutes = (whole % 3600) / 60
    return "\(whole / 3600) h" + (minutes == 0 ? "" : " \(minutes) min")
  }
}
