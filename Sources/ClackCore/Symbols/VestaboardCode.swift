/// The Vestaboard character-code table: the encoding Clack's APIs speak ("codes", rows of
/// integers). Codes not in the table are unused and rejected.
public enum VestaboardCode {
  /// Every code in the table with its symbol, in code order.
  public static let table: [(code: Int, symbol: Symbol)] = {
    var entries: [(Int, Symbol)] = [(0, .blank)]
    for (offset, letter) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".enumerated() {
      entries.append((1 + offset, .glyph(letter)))
    }
    for (offset, digit) in "123456789".enumerated() {
      entries.append((27 + offset, .glyph(digit)))
    }
    entries.append((36, .glyph("0")))
    let punctuation: [(Int, Character)] = [
      (37, "!"), (38, "@"), (39, "#"), (40, "$"), (41, "("), (42, ")"), (44, "-"), (46, "+"),
      (47, "&"), (48, "="), (49, ";"), (50, ":"), (52, "'"), (53, "\""), (54, "%"), (55, ","),
      (56, "."), (59, "/"), (60, "?"), (62, "°"),
    ]
    entries += punctuation.map { ($0.0, Symbol.glyph($0.1)) }
    let tiles: [ColorTile] = [
      .red, .orange, .yellow, .green, .blue, .violet, .white, .black, .filled,
    ]
    for (offset, tile) in tiles.enumerated() {
      entries.append((63 + offset, .tile(tile)))
    }
    return entries.map { (code: $0.0, symbol: $0.1) }
  }()

  private static let symbolByCode: [Int: Symbol] = Dictionary(
    uniqueKeysWithValues: table.map { ($0.code, $0.symbol) })
  private static let codeBySymbol: [Symbol: Int] = Dictionary(
    uniqueKeysWithValues: table.map { ($0.symbol, $0.code) })

  /// The largest code in the table.
  public static let maximum = 71

  /// The symbol for a code, or nil when the code is not in the table.
  public static func symbol(for code: Int) -> Symbol? { symbolByCode[code] }

  /// The code for a symbol, or nil when the Vestaboard encoding has no code for it.
  public static func code(for symbol: Symbol) -> Int? { codeBySymbol[symbol] }
}
