extension FlapSet {
  /// Every letter of the alphabet, a word break and a sentence end: what a set must show to
  /// write text in a script.
  static let scriptSample = "the quick brown fox jumps over the lazy dog. yes"

  /// The signs of `script` this set lacks (none: it can write in it). Latin letters count in
  /// either case, as layout folds them; Latin's punctuation is the set's own business.
  public func missingSigns(of script: RunicScript) -> [Character] {
    let signs = (try? script.transliterate(Self.scriptSample)) ?? ""
    var missing: [Character] = []
    for sign in signs where (script != .latin || sign.isLetter) && !missing.contains(sign) {
      let upper = sign.uppercased()
      let shown =
        contains(.glyph(sign)) || upper.count == 1 && contains(.glyph(Character(upper)))
      if !shown { missing.append(sign) }
    }
    return missing
  }

  /// The scripts this set can write in.
  public var scripts: [RunicScript] { RunicScript.allCases.filter { missingSigns(of: $0).isEmpty } }

  /// The script of text that names none: Latin, or on flaps without Latin letters (runes) the
  /// first script they can show.
  public var defaultScript: RunicScript { scripts.first ?? .latin }
}
