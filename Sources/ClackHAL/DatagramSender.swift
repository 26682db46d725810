/// A connected datagram socket: what a display on the network (a FlaschenTaschen server)
/// is driven through, as a chip is through its bus. Each `send` is one datagram, whole or
/// not at all.
public protocol DatagramSender: AnyObject {
  /// Where datagrams go, as `host:port`.
  var name: String { get }
  func send(_ datagram: UnsafeRawBufferPointer) throws(HALError)
}
