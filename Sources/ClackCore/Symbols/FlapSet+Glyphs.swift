extension FlapSet {
  /// The characters on the flaps, in flap order.
  public var characters: [Character] {
    symbols.compactMap { symbol -> Character? in
      if case .glyph(let character) = symbol { character } else { nil }
    }
  }

  /// The characters with no Vestaboard code (runes, Cirth): a viewer draws them from glyphs
  /// rather than trust its fonts, which rarely have runes and never Cirth.
  public var charactersWithoutCodes: [Character] {
    characters.filter { VestaboardCode.code(for: .glyph($0)) == nil }
  }
}
