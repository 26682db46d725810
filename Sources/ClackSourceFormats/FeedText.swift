/// Feed text made plain for a board: the HTML that descriptions and Atom's `type="html"`
/// carry stripped to its words, character references and the entities feeds use decoded,
/// white space made single spaces, cut to a length.
enum FeedText {
  /// `text` without tags (when `html`), with entities decoded, white space collapsed, at
  /// most `limit` characters (an ellipsis where it was cut).
  static func plain(_ text: String, html: Bool, limit: Int) -> String {
    var out = ""
    out.reserveCapacity(min(text.utf8.count, limit * 2))
    var iterator = Array(text.unicodeScalars)[...]
    var pendingSpace = false
    // Counted as it grows: String.count walks the whole string.
    var length = 0
    func emit(_ scalar: Unicode.Scalar) {
      if scalar.properties.isWhitespace || scalar == "\u{00A0}" {
        pendingSpace = length > 0
        return
      }
      if pendingSpace {
        out.append(" ")
        length += 1
      }
      pendingSpace = false
      out.unicodeScalars.append(scalar)
      length += 1
    }
    while let scalar = iterator.popFirst() {
      if length > limit { break }
      if html, scalar == "<" {
        // A tag (or comment) reads as a space: `a<br>b` is two words.
        guard let close = iterator.firstIndex(of: ">") else { break }
        iterator = iterator[(close + 1)...]
        pendingSpace = length > 0
        continue
      }
      if scalar == "&", let (decoded, rest) = entity(iterator) {
        iterator = rest
        decoded.unicodeScalars.forEach(emit)
        continue
      }
      emit(scalar)
    }
    guard length > limit else { return out }
    return String(String.UnicodeScalarView(out.unicodeScalars.prefix(max(0, limit - 1)))) + "…"
  }

  /// The entity after a `&`, decoded, and what follows its `;`; nil when it is none.
  private static func entity(_ text: ArraySlice<Unicode.Scalar>) -> (
    String, ArraySlice<Unicode.Scalar>
  )? {
    guard let semicolon = text.prefix(10).firstIndex(of: ";") else { return nil }
    let name = String(String.UnicodeScalarView(text[..<semicolon]))
    let rest = text[(semicolon + 1)...]
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value =
        digits.first == "x" || digits.first == "X"
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
      return (String(Character(scalar)), rest)
    }
    guard let decoded = named[name] else { return nil }
    return (decoded, rest)
  }

  /// The named entities feeds use most (XML's five, and HTML's that turn up in headlines).
  static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
    "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
    "hellip": "…", "laquo": "«", "raquo": "»", "euro": "€", "pound": "£", "copy": "©",
    "reg": "®", "trade": "™", "deg": "°", "middot": "·", "bull": "•", "eacute": "é",
    "egrave": "è", "aacute": "á", "agrave": "à", "oacute": "ó", "uacute": "ú", "iacute": "í",
    "ntilde": "ñ", "ccedil": "ç", "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä",
    "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
  ]
}
