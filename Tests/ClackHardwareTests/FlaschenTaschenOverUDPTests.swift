#if os(Linux)
  import ClackCore
  import ClackDrivers
  import ClackHAL
  import ClackLinuxHAL
  import ClackSimHAL
  import Glibc
  import Testing

  /// The FlaschenTaschen display through a real UDP socket on loopback, to a receiver the
  /// test binds itself: the datagram is, byte for byte, the protocol's; a port nothing listens
  /// on is reported by name.
  @Suite struct FlaschenTaschenOverUDPTests {
    /// A UDP socket bound to 127.0.0.1 on a free port, waiting at most 5 s for a datagram.
    final class Receiver {
      let fd: Int32
      let port: Int

      init() throws {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        }
        try #require(fd >= 0 && bound == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
      }

      deinit { close(fd) }

      func next() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count < 0 ? nil : Array(buffer[..<count])
      }
    }

    @Test func theDatagramIsTheProtocolsByteForByte() throws {
      let receiver = try Receiver()
      let sender = try LinuxUDPSender(host: "127.0.0.1", port: receiver.port)
      let display = try FlaschenTaschenDisplay(sender: sender, width: 4, height: 2, x: 3, y: 5)
      var canvas = ColourCanvas(width: 4, height: 2)
      for y in 0..<2 {
        for x in 0..<4 { canvas[x, y] = RGB(UInt8(x * 60), UInt8(y * 200), 7) }
      }
      display.show(canvas)
      #expect(display.fault == nil)
      let datagram = try #require(receiver.next(), "no datagram within 5 s")
      #expect(datagram == Array("P6\n4 2\n255\n".utf8) + canvas.bytes + Array("\n3 5 0\n".utf8))
      let image = try FlaschenTaschenServerModel.parse(datagram)
      #expect(image.rgb == canvas.bytes && image.x == 3 && image.y == 5)
    }

    @Test func aPortNothingListensOnIsReportedByName() throws {
      let port = try Receiver().port  // bound, then closed: nothing listens there now
      let sender = try LinuxUDPSender(host: "127.0.0.1", port: port)
      let display = try FlaschenTaschenDisplay(sender: sender, width: 2, height: 2)
      // The refusal arrives as ICMP after the first datagram and fails the next send.
      for _ in 0..<20 where display.fault == nil {
        display.show(ColourCanvas(width: 2, height: 2))
      }
      let fault = try #require(display.fault)
      #expect(
        fault.message.contains("127.0.0.1:\(port)") && fault.message.contains("nothing listens"))
    }
  }
#endif
