import Testing

@testable import ClackCore

@Suite struct CodeTableTests {
  @Test func everyCodeRoundTripsThroughAFrame() throws {
    let codes = VestaboardCode.table.map(\.code)
    let frame = try Frame(codes: [codes])
    #expect(try frame.codes() == [codes])
  }

  @Test func theTableMatchesTheDocumentedCodes() {
    #expect(VestaboardCode.table.count == 66)
    #expect(VestaboardCode.symbol(for: 1) == .glyph("A"))
    #expect(VestaboardCode.symbol(for: 26) == .glyph("Z"))
    #expect(VestaboardCode.symbol(for: 27) == .glyph("1"))
    #expect(VestaboardCode.symbol(for: 36) == .glyph("0"))
    #expect(VestaboardCode.symbol(for: 62) == .glyph("°"))
    #expect(VestaboardCode.symbol(for: 63) == .tile(.red))
    #expect(VestaboardCode.symbol(for: 71) == .tile(.filled))
    for unused in [43, 45, 51, 57, 58, 61, 72, -1] {
      #expect(VestaboardCode.symbol(for: unused) == nil, "code \(unused) should be unused")
    }
  }

  @Test func unknownCodesAndRaggedRowsAreRejectedWithTheirPosition() {
    #expect(throws: FrameCodeError.unknownCode(43, row: 1, col: 2)) {
      try Frame(codes: [[1, 2, 3], [1, 2, 43]])
    }
    #expect(throws: FrameCodeError.ragged(row: 1, length: 2, expected: 3)) {
      try Frame(codes: [[1, 2, 3], [1, 2]])
    }
  }

  @Test func aSymbolWithoutACodeIsReportedByPosition() throws {
    let runes = try FlapSet(name: "runes", notation: " ᚠᚢᚦ")
    let laid = try TextLayout(rows: 1, cols: 3, flapSet: runes).layout("ᚠᚢ")
    #expect(throws: FrameCodeError.noCode(.glyph("ᚠ"), row: 0, col: 0)) { try laid.frame.codes() }
  }
}

@Suite struct FlapSetTests {
  @Test func builtInSetsHaveTheirDocumentedSizesAndOrder() throws {
    #expect(FlapSet.classic40.count == 40)
    #expect(FlapSet.splitflap52.count == 52)
    #expect(FlapSet.vestaboard.count == VestaboardCode.table.count)
    #expect(FlapSet.splitflap52.index(of: .tile(.green)) == 27)
    #expect(FlapSet.splitflap52.index(of: .glyph("0")) == 28)
    #expect(FlapSet.splitflap52.symbols.last == .tile(.white))
    #expect(try FlapSet.named("classic-40") == .classic40)
  }

  @Test func notationRoundTrips() throws {
    for set in FlapSet.builtins {
      #expect(try FlapSet(name: set.name, notation: set.notation) == set)
    }
  }

  @Test func badSetsAreRefusedWithAReason() {
    #expect(throws: FlapSetError.noBlank(name: "digits")) {
      try FlapSet(name: "digits", notation: "0123456789")
    }
    #expect(throws: FlapSetError.duplicate(name: "x", symbol: .glyph("A"), first: 1, second: 2)) {
      try FlapSet(name: "x", notation: " AA")
    }
    #expect(throws: FlapSetError.unknownEscape("{pink}")) {
      try FlapSet(name: "x", notation: " A{pink}")
    }
    #expect(throws: FlapSetError.self) { try FlapSet.named("nope") }
  }

  @Test func substituteIsQuestionMarkOrBlank() {
    #expect(FlapSet.vestaboard.substitute == .glyph("?"))
    #expect(FlapSet.classic40.substitute == .blank)
  }
}
