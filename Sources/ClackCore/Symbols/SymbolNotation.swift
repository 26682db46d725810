/// The `{…}` escapes shared by message text and flap-set strings: `{NN}` is Vestaboard code NN,
/// `{red}` (or any `ColorTile` name) is a colour tile.
public enum SymbolNotation {
  /// Resolves the inside of a `{…}` escape, or returns nil when it names nothing.
  public static func resolveEscape(_ content: Substring) -> Symbol? {
    if !content.isEmpty, content.count <= 3, content.allSatisfy(\.isASCII),
      content.allSatisfy(\.isNumber), let code = Int(content)
    {
      return VestaboardCode.symbol(for: code)
    }
    return ColorTile(name: String(content)).map(Symbol.tile)
  }

  /// Parses a flap-set string: each character is one symbol, a space is the blank flap and
  /// `{…}` escapes name tiles or codes. Throws on an escape that names nothing.
  public static func parseSymbols(_ text: String) throws(FlapSetError) -> [Symbol] {
    var symbols: [Symbol] = []
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "{", let close = text[index...].firstIndex(of: "}") {
        let content = text[text.index(after: index)..<close]
        guard let symbol = resolveEscape(content) else {
          throw .unknownEscape(String(text[index...close]))
        }
        symbols.append(symbol)
        index = text.index(after: close)
      } else {
        symbols.append(.character(character))
        index = text.index(after: index)
      }
    }
    return symbols
  }
}
