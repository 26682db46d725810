/// The ordered ring of symbols printed on one kind of split-flap module. Index 0 is the home
/// flap (the one showing when the hall sensor sees the magnet); the spool only turns forward,
/// so moving from index a to b passes every flap in between.
public struct FlapSet: Hashable, Sendable {
  public let name: String
  public let symbols: [Symbol]
  private let indexBySymbol: [Symbol: Int]

  /// Builds a flap set. Every symbol must be unique and one of them must be blank, because
  /// layout pads unused cells with it.
  public init(name: String, symbols: [Symbol]) throws(FlapSetError) {
    guard symbols.count >= 2 else { throw .tooFewFlaps(name: name, count: symbols.count) }
    var index: [Symbol: Int] = [:]
    for (position, symbol) in symbols.enumerated() {
      if let earlier = index[symbol] {
        throw .duplicate(name: name, symbol: symbol, first: earlier, second: position)
      }
      index[symbol] = position
    }
    guard index[.blank] != nil else { throw .noBlank(name: name) }
    self.name = name
    self.symbols = symbols
    self.indexBySymbol = index
  }

  /// Builds a flap set from its notation (see `SymbolNotation.parseSymbols`).
  public init(name: String, notation: String) throws(FlapSetError) {
    try self.init(name: name, symbols: try SymbolNotation.parseSymbols(notation))
  }

  public var count: Int { symbols.count }

  public func contains(_ symbol: Symbol) -> Bool { indexBySymbol[symbol] != nil }

  /// The flap index that shows `symbol`, or nil when this set has no such flap.
  public func index(of symbol: Symbol) -> Int? { indexBySymbol[symbol] }

  /// What lenient layout shows instead of a symbol this set lacks: `?` when the set has it,
  /// otherwise the blank flap.
  public var substitute: Symbol { contains(.glyph("?")) ? .glyph("?") : .blank }

  /// The flap set written back in notation, so a board file can show or copy it.
  public var notation: String { symbols.map(\.notation).joined() }

  public static func == (lhs: FlapSet, rhs: FlapSet) -> Bool {
    lhs.name == rhs.name && lhs.symbols == rhs.symbols
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(symbols)
  }
}

extension FlapSet: CustomStringConvertible {
  public var description: String { "\(name) (\(count) flaps)" }
}

public enum FlapSetError: Error, Equatable, CustomStringConvertible {
  case tooFewFlaps(name: String, count: Int)
  case duplicate(name: String, symbol: Symbol, first: Int, second: Int)
  case noBlank(name: String)
  case unknownEscape(String)
  case unknownName(String, known: [String])

  public var description: String {
    switch self {
    case .tooFewFlaps(let name, let count):
      "flap set '\(name)' has \(count) flap(s); a module needs at least 2"
    case .duplicate(let name, let symbol, let first, let second):
      "flap set '\(name)' lists \(symbol.displayName) twice (flaps \(first) and \(second))"
    case .noBlank(let name):
      "flap set '\(name)' has no blank flap (a space); layout needs one to pad unused cells"
    case .unknownEscape(let escape):
      "'\(escape)' is neither a Vestaboard code (0-71) nor a colour tile name "
        + "(\(ColorTile.allCases.map(\.rawValue).joined(separator: ", ")))"
    case .unknownName(let name, let known):
      "no built-in flap set is called '\(name)'; built-in sets: \(known.joined(separator: ", "))"
    }
  }
}
