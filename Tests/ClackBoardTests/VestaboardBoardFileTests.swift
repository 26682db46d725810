import ClackBoard
import ClackCore
import Testing

/// `modules: {type: vestaboard}`: a board on the network, read with errors that name the field.
@Suite struct VestaboardBoardFileTests {
  func parse(_ modules: String, flaps: String = "vestaboard") throws(BoardFileError)
    -> BoardDefinition
  {
    try BoardDefinition.parse(
      yaml: "name: v\ngeometry: {rows: 6, cols: 22}\nflaps: \(flaps)\nmodules:\n\(modules)",
      file: "v.yaml")
  }

  @Test func aVestaboardsAddressKeyFileAndSettleTimeAreRead() throws {
    let board = try parse(
      "  type: vestaboard\n  wiring: {url: 'http://10.0.0.9:7000', key_file: /etc/k, settle_ms: 4000}\n"
    )
    guard case .vestaboard(let wiring) = board.hardware else {
      Issue.record("read as \(String(describing: board.hardware))")
      return
    }
    #expect(
      wiring
        == MessageBoardWiring(
          url: "http://10.0.0.9:7000", keyFile: "/etc/k", settleMilliseconds: 4000))
    let plain = try parse("  type: vestaboard\n  wiring: {url: 'http://vestaboard.local:7000'}\n")
    guard case .vestaboard(let defaults) = plain.hardware else { return }
    #expect(defaults.settleMilliseconds == MessageBoardWiring.defaultSettleMilliseconds)
    #expect(defaults.keyFile == nil)
  }

  @Test func mistakesNameTheirField() {
    #expect {
      try parse("  type: vestaboard\n  wiring: {url: 'https://vestaboard.local:7000'}\n")
    } throws: { error in
      "\(error)".hasPrefix(
        "v.yaml:6:17: modules.wiring.url: must be the board's Local API address, http://host:port")
    }
    #expect {
      try parse("  type: vestaboard\n  wiring: {url: 'http://b:7000', settle_ms: 500000}\n")
    } throws: { error in "\(error)".contains("modules.wiring.settle_ms") }
    #expect {
      try parse("  type: vestaboard\n  wiring: {url: 'http://b:7000', key: abc}\n")
    } throws: { error in "\(error)".contains("key") }
    #expect {
      try parse("  type: vestaboard\n  wiring: {url: 'http://b:7000'}\n", flaps: "elder-futhark-40")
    } throws: { error in
      "\(error)".contains("flaps: has '")
        && "\(error)".contains("which a Vestaboard has no code for")
    }
  }
}
