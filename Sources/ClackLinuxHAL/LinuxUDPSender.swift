#if os(Linux)
  import Glibc
  import ClackHAL

  /// A UDP socket connected to `host:port` (IPv4 or IPv6, by name or address): one datagram
  /// a `send`. Connected, so a server that is not there is reported (the kernel passes on the
  /// ICMP "port unreachable" as the next send's ECONNREFUSED) rather than lost unseen.
  public final class LinuxUDPSender: DatagramSender {
    public let name: String
    private let fd: Int32

    public init(host: String, port: Int) throws(HALError) {
      name = "\(host):\(port)"
      var hints = addrinfo()
      hints.ai_family = AF_UNSPEC
      hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
      var found: UnsafeMutablePointer<addrinfo>?
      let rc = getaddrinfo(host, String(port), &hints, &found)
      guard rc == 0, let first = found else {
        let reason = rc == 0 ? "no address" : String(cString: gai_strerror(rc))
        throw HALError(
          kind: .notFound, device: name, message: "cannot find \(host): \(reason)", errno: nil)
      }
      defer { freeaddrinfo(found) }
      var entry: UnsafeMutablePointer<addrinfo>? = first
      var lastErrno: Int32 = 0
      var socketFD: Int32 = -1
      while let candidate = entry {
        let opened = socket(candidate.pointee.ai_family, candidate.pointee.ai_socktype, 0)
        if opened >= 0 {
          if connect(opened, candidate.pointee.ai_addr, candidate.pointee.ai_addrlen) == 0 {
            socketFD = opened
            break
          }
          lastErrno = errno
          close(opened)
        } else {
          lastErrno = errno
        }
        entry = candidate.pointee.ai_next
      }
      guard socketFD >= 0 else {
        throw HALError.fromErrno(lastErrno, operation: .datagramSend, device: name)
      }
      fd = socketFD
    }

    deinit { close(fd) }

    public func send(_ datagram: UnsafeRawBufferPointer) throws(HALError) {
      let sent = Glibc.send(fd, datagram.baseAddress, datagram.count, Int32(MSG_NOSIGNAL))
      if sent < 0 { throw HALError.fromErrno(errno, operation: .datagramSend, device: name) }
    }
  }
#endif
