import Foundation

/// The names a self-signed certificate is made for: this machine's host name (and its mDNS
/// `.local` name), localhost, and its addresses now. Browsers warn about a self-signed
/// certificate either way; the names let one the user chose to trust match the address typed.
public enum CertificateNames {
  public static func forThisMachine(listenHost: String) -> [String] {
    var names: [String] = []
    func add(_ name: String) {
      if !name.isEmpty, !names.contains(name) { names.append(name) }
    }
    let host = ProcessInfo.processInfo.hostName
    add(host)
    if !host.contains(".") { add(host + ".local") }
    add("localhost")
    if isAddress(listenHost), listenHost != "0.0.0.0", listenHost != "::" { add(listenHost) }
    for address in interfaceAddresses() { add(address) }
    return names
  }

  /// Whether `text` is an IPv4 or IPv6 address rather than a name.
  public static func isAddress(_ text: String) -> Bool {
    SelfSignedCertificate.ipAddressBytes(text) != nil
  }

  /// Every IPv4 and IPv6 address of this machine's interfaces but IPv6 link-local ones
  /// (which need a zone to be used).
  static func interfaceAddresses() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var addresses: [String] = []
    var cursor = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr else { continue }
      let family = Int32(address.pointee.sa_family)
      guard family == AF_INET || family == AF_INET6 else { continue }
      var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let length = socklen_t(
        family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
      guard
        getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST)
          == 0
      else { continue }
      let text = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if text.lowercased().hasPrefix("fe80") { continue }
      addresses.append(text)
    }
    return addresses
  }
}
