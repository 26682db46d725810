import ClackCore

extension BoardService {
  /// A VBML document composed for this board: rows of Vestaboard codes, the board's size
  /// unless the document gives its own (as Vestaboard's compose endpoint answers).
  public func composeVBML(_ document: VBMLDocument) throws(VBMLError) -> [[Int]] {
    let facts = board
    var random = SystemRandomNumberGenerator()
    return try VBMLComposer(rows: facts.rows, cols: facts.cols).compose(document, random: &random)
  }
}
