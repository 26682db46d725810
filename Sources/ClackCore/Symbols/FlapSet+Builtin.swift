extension FlapSet {
  // The built-in sets are written in notation and parsed once; the unit tests parse each one,
  // so a mistake here fails a test rather than reaching a user.
  private static func builtin(_ name: String, _ notation: String) -> FlapSet {
    do {
      return try FlapSet(name: name, notation: notation)
    } catch {
      // Fixed data, parsed by the unit tests: this cannot fail for a user.
      preconditionFailure("built-in flap set \(name) is invalid: \(error)")
    }
  }

  /// The classic 40-flap DIY module: blank, A–Z, 0–9, and `. , '`.
  public static let classic40 = builtin(
    "classic-40", " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,'")

  /// The 52-flap DIY module (v2 flaps) with five colour flaps, in spool order.
  public static let splitflap52 = builtin(
    "splitflap-52",
    " ABCDEFGHIJKLMNOPQRSTUVWXYZ{green}0123456789{red}.?-$'#{yellow}{violet},!@&{white}")

  /// A 40-flap module of Elder Futhark runes: blank, the 24 runes in futhark order, the word
  /// divider ᛫, the sentence mark ᛬, the cross ᛭ (lenient transliteration's stand-in), the
  /// digits, and `:` and `'` (clocks, and the apostrophes quotes are full of).
  public static let elderFuthark40 = builtin(
    "elder-futhark-40", " ᚠᚢᚦᚨᚱᚲᚷᚹᚺᚾᛁᛃᛇᛈᛉᛊᛏᛒᛖᛗᛚᛜᛞᛟ᛫᛬᛭0123456789:'")

  /// Every symbol of the Vestaboard code table, in code order.
  public static let vestaboard: FlapSet = {
    do {
      return try FlapSet(name: "vestaboard", symbols: VestaboardCode.table.map(\.symbol))
    } catch {
      // Fixed data, checked by the unit tests: this cannot fail for a user.
      preconditionFailure("the Vestaboard code table is invalid: \(error)")
    }
  }()

  public static let builtins: [FlapSet] = [.vestaboard, .splitflap52, .classic40, .elderFuthark40]

  /// A built-in set by name (`vestaboard`, `splitflap-52`, `classic-40`, `elder-futhark-40`).
  public static func named(_ name: String) throws(FlapSetError) -> FlapSet {
    guard let set = builtins.first(where: { $0.name == name }) else {
      throw .unknownName(name, known: builtins.map(\.name))
    }
    return set
  }
}
