import ClackCore

extension BoardDefinition {
  /// A flap board's signs that have no Vestaboard code (runes, Cirth), which viewers draw from
  /// glyphs. None on a pixel board, which is drawn LED by LED.
  public var signsToDraw: [Character] { pixels == nil ? flapSet.charactersWithoutCodes : [] }
}
