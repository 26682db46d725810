import ClackHAL

/// A datagram socket that meters each send: a call's cost, then the bytes at 100 Mbit/s (the
/// simulated sender's model of a Pi 3's Ethernet).
final class MeteredDatagramSender: DatagramSender {
  let name = "metered-udp"
  let meter: BusMeter
  init(meter: BusMeter) { self.meter = meter }

  func send(_ datagram: UnsafeRawBufferPointer) throws(HALError) {
    meter.bytes += datagram.count
    meter.transactions += 1
    meter.clock.advance(nanoseconds: UInt64(20_000 + datagram.count * 8 * 10))
  }
}
