import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL
import Testing

/// A picture sent to the FlaschenTaschen server model: every pixel arrives, at its offset and
/// layer; a server that is not there is a fault that names it; a display too large for one
/// datagram is refused at start.
@Suite struct FlaschenTaschenDisplayTests {
  @Test func aPictureArrivesWholeInOneDatagram() throws {
    let server = FlaschenTaschenServerModel(width: 64, height: 32)
    let clock = VirtualClock()
    let sender = SimulatedDatagramSender(server: server, clock: clock)
    let display = try FlaschenTaschenDisplay(sender: sender, width: 64, height: 32)
    var canvas = ColourCanvas(width: 64, height: 32)
    for y in 0..<32 {
      for x in 0..<64 { canvas[x, y] = RGB(UInt8(x * 4), UInt8(y * 8), UInt8(x ^ y)) }
    }
    display.show(canvas)
    #expect(display.fault == nil && server.refusals.isEmpty && server.datagrams == 1)
    for y in 0..<32 {
      for x in 0..<64 { #expect(server.seen(x: x, y: y) == canvas[x, y]) }
    }
    // 64 × 32 × 3 bytes and the header and footer, at 100 Mbit/s: about 0.5 ms a frame.
    #expect(display.datagramBytes > 6_144 && clock.nanoseconds > 490_000)

    display.setBrightness(7)
    display.show(canvas)
    #expect(server.seen(x: 63, y: 31) == RGB(126, 124, 16))
  }

  @Test func aPictureGoesToItsOffsetAndLayer() throws {
    let server = FlaschenTaschenServerModel(width: 32, height: 16)
    let sender = SimulatedDatagramSender(server: server, clock: VirtualClock())
    let display = try FlaschenTaschenDisplay(
      sender: sender, width: 8, height: 8, x: 24, y: 8, layer: 2)
    var canvas = ColourCanvas(width: 8, height: 8)
    canvas[0, 0] = RGB(0, 255, 0)
    display.show(canvas)
    #expect(server.seen(x: 24, y: 8) == RGB(0, 255, 0))
    #expect(server.refusals.isEmpty)
  }

  @Test func aServerThatIsNotThereIsAFaultNamingIt() throws {
    let server = FlaschenTaschenServerModel(width: 8, height: 8)
    let sender = SimulatedDatagramSender(
      name: "ft.local:1337", server: server, clock: VirtualClock())
    let display = try FlaschenTaschenDisplay(sender: sender, width: 8, height: 8)
    sender.refusing = true
    display.show(ColourCanvas(width: 8, height: 8))
    let fault = try #require(display.fault)
    #expect(fault.message.contains("ft.local:1337") && fault.message.contains("nothing listens"))
    sender.refusing = false
    display.show(ColourCanvas(width: 8, height: 8))
    #expect(display.fault == nil)
  }

  @Test func aDisplayTooLargeForOneDatagramIsRefusedAtStart() {
    let server = FlaschenTaschenServerModel(width: 256, height: 128)
    let sender = SimulatedDatagramSender(server: server, clock: VirtualClock())
    #expect(throws: HALError.self) {
      try FlaschenTaschenDisplay(sender: sender, width: 256, height: 128)
    }
    #expect((try? FlaschenTaschenDisplay(sender: sender, width: 128, height: 128)) != nil)
  }
}
