import ClackCore
import ClackSimHAL
import Testing

/// The FlaschenTaschen server model reads datagrams as the protocol describes them, byte by
/// byte, and refuses anything else with where and why.
@Suite struct FlaschenTaschenServerModelTests {
  static func datagram(_ header: String, pixels: [UInt8], footer: String = "") -> [UInt8] {
    Array(header.utf8) + pixels + Array(footer.utf8)
  }

  @Test func aPictureWithCommentsAndTheReferenceFooterIsRead() throws {
    let pixels: [UInt8] = [1, 2, 3, 4, 5, 6]
    // The reference client pads each number to four places and ends with a NUL byte.
    let bytes =
      Self.datagram("P6 # magic\n2 1 # size\n255\n", pixels: pixels, footer: "\n   5    8   10\n")
      + [0]
    let image = try FlaschenTaschenServerModel.parse(bytes)
    #expect(image.width == 2 && image.height == 1 && image.rgb == pixels)
    #expect(image.x == 5 && image.y == 8 && image.layer == 10)
    let plain = try FlaschenTaschenServerModel.parse(
      Self.datagram("P6\n2 1\n255\n", pixels: pixels))
    #expect(plain.x == 0 && plain.layer == 0)
  }

  @Test(
    arguments: [
      ("P3\n1 1\n255\n", [0, 0, 0], "", "byte 0: a datagram starts with P6"),
      ("P6\n1 1\n65535\n", [0, 0, 0], "", "the largest value must be 255"),
      ("P6\n2 2\n255\n", [0, 0, 0], "", "2 × 2 pixels need 12 bytes; 3 came"),
      ("P6\n1 1\n255", [0, 0, 0], "", "one whitespace byte must follow 255"),
      (
        "P6\n1 1\n255\n", [0, 0, 0], "\n1 2 3 4\n", "nothing may follow the footer's three numbers"
      ),
      ("P6\n1 1\n255\n", [0, 0, 0], "\n1 x\n", "the footer's y offset: a decimal number"),
      ("P6\nx 1\n255\n", [0, 0, 0], "", "byte 3: the width: a decimal number"),
    ] as [(String, [UInt8], String, String)])
  func aBrokenDatagramIsRefusedWithWhereAndWhy(
    header: String, pixels: [UInt8], footer: String, reason: String
  ) {
    let server = FlaschenTaschenServerModel(width: 4, height: 4)
    server.receive(Self.datagram(header, pixels: pixels, footer: footer))
    #expect(server.refusals.count == 1)
    #expect(server.refusals.first?.description.contains(reason) == true, "\(server.refusals)")
    #expect(server.seen(x: 0, y: 0) == RGB(0, 0, 0))
  }

  /// A picture lands at its offset, clipped to the display; on a layer above the background,
  /// black is transparent.
  @Test func offsetsAndLayersCompose() {
    let server = FlaschenTaschenServerModel(width: 4, height: 2)
    server.receive(
      Self.datagram("P6\n4 2\n255\n", pixels: [UInt8](repeating: 9, count: 24)))
    server.receive(
      Self.datagram("P6\n2 1\n255\n", pixels: [200, 0, 0, 0, 0, 0], footer: "\n3 1 1\n"))
    #expect(server.seen(x: 3, y: 1) == RGB(200, 0, 0))
    #expect(server.seen(x: 2, y: 1) == RGB(9, 9, 9), "outside the small picture")
    #expect(server.seen(x: 0, y: 0) == RGB(9, 9, 9))
    #expect(server.refusals.isEmpty && server.datagrams == 2)
  }
}
