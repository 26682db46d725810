import ClackHAL

/// A simulated UDP socket to a FlaschenTaschen server model. Each send moves the clock on by
/// a call's cost and the datagram's bits at the link's rate (a 100 Mbit/s link: a Pi 3's
/// Ethernet, the slowest a Pi has).
public final class SimulatedDatagramSender: DatagramSender {
  public let name: String
  public let server: FlaschenTaschenServerModel
  public let clock: VirtualClock
  public var linkBitsPerSecond = 100_000_000
  public var callNanoseconds = 20_000
  /// Set to refuse every send, as a sender to a server that is not running is.
  public var refusing = false

  public init(
    name: String = "127.0.0.1:1337", server: FlaschenTaschenServerModel, clock: VirtualClock
  ) {
    self.name = name
    self.server = server
    self.clock = clock
  }

  public func send(_ datagram: UnsafeRawBufferPointer) throws(HALError) {
    clock.advance(
      nanoseconds: UInt64(callNanoseconds + datagram.count * 8 * 1_000_000_000 / linkBitsPerSecond))
    if refusing {
      throw HALError.fromErrno(LinuxErrno.ECONNREFUSED, operation: .datagramSend, device: name)
    }
    server.receive(Array(datagram))
  }
}
