import CAvahi
import Foundation

/// A service to advertise on the LAN with DNS-SD (docs/discovery.md): its type, port and TXT
/// record.
public struct DNSSDService: Sendable, Hashable {
  public var type: String
  public var port: Int
  public var txt: [String: String]

  public init(type: String, port: Int, txt: [String: String]) {
    self.type = type
    self.port = port
    self.txt = txt
  }

  /// The TXT strings, `key=value`, in key order.
  var txtStrings: [String] { txt.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
}

/// Why discovery could not start or look.
public struct DNSSDError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Advertises services under one instance name through avahi-daemon until `stop`, renaming
/// itself when another host on the LAN has the name. Without avahi-daemon it waits for one.
public final class DNSSDAdvertiser: @unchecked Sendable {
  // The publisher is used from one caller at a time (start, state, stop); Avahi's thread
  // keeps its own state behind its lock (dnssd.c).
  private var publisher: OpaquePointer?

  public init(name: String, services: [DNSSDService]) throws(DNSSDError) {
    var error = [CChar](repeating: 0, count: 512)
    let made = Self.withServices(services) { pointer, count in
      clack_dnssd_publish(name, pointer, count, &error, error.count)
    }
    guard let made else { throw DNSSDError(text(error)) }
    publisher = made
  }

  /// Where the advertisement stands.
  public enum State: Sendable, Hashable {
    /// On the LAN under `name`.
    case advertised(name: String)
    /// On its way, or waiting for avahi-daemon: why.
    case pending(String)
    case failed(String)
  }

  public var state: State {
    guard let publisher else { return .failed("stopped") }
    var name = [CChar](repeating: 0, count: 256)
    var message = [CChar](repeating: 0, count: 256)
    let code = clack_dnssd_state(publisher, &name, name.count, &message, message.count)
    switch code {
    case 1: return .advertised(name: text(name))
    case 0: return .pending(text(message))
    default: return .failed(text(message))
    }
  }

  /// Withdraws the services from the LAN.
  public func stop() {
    guard let publisher else { return }
    clack_dnssd_stop(publisher)
    self.publisher = nil
  }

  deinit { stop() }

  /// Calls `body` with the services as C structs, alive for the call.
  private static func withServices<T>(
    _ services: [DNSSDService], _ body: (UnsafePointer<clack_dnssd_service>, Int32) -> T
  ) -> T {
    var keep: [UnsafeMutablePointer<CChar>] = []
    defer { for pointer in keep { free(pointer) } }
    var lists: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []
    defer { for list in lists { list.deallocate() } }
    var records: [clack_dnssd_service] = []
    for service in services {
      let strings = service.txtStrings
      let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(
        capacity: max(1, strings.count))
      lists.append(list)
      for (index, text) in strings.enumerated() {
        let copy = strdup(text)!
        keep.append(copy)
        list[index] = UnsafePointer(copy)
      }
      let type = strdup(service.type)!
      keep.append(type)
      records.append(
        clack_dnssd_service(
          type: UnsafePointer(type), port: UInt16(clamping: service.port),
          txt: UnsafePointer(list), txt_count: Int32(strings.count)))
    }
    return records.withUnsafeBufferPointer { body($0.baseAddress!, Int32($0.count)) }
  }
}

/// A service found on the LAN.
public struct DNSSDFound: Sendable, Hashable {
  public var name: String
  public var host: String
  public var address: String
  public var ipv6: Bool
  public var port: Int
  public var txt: [String: String]

  public init(
    name: String, host: String, address: String, ipv6: Bool, port: Int, txt: [String: String]
  ) {
    self.name = name
    self.host = host
    self.address = address
    self.ipv6 = ipv6
    self.port = port
    self.txt = txt
  }
}

public enum DNSSDBrowser {
  /// Every service of `type` that answers within `seconds`, each once per address family.
  public static func browse(type: String, seconds: Double) throws(DNSSDError) -> [DNSSDFound] {
    final class Gathered {
      var found: [DNSSDFound] = []
    }
    let gathered = Gathered()
    var error = [CChar](repeating: 0, count: 512)
    let context = Unmanaged.passUnretained(gathered).toOpaque()
    let code = clack_dnssd_browse(
      type, Int32(seconds * 1000),
      { context, found in
        guard let context, let found else { return }
        let gathered = Unmanaged<Gathered>.fromOpaque(context).takeUnretainedValue()
        let record = found.pointee
        var txt: [String: String] = [:]
        for index in 0..<Int(record.txt_count) {
          guard let text = record.txt[index] else { continue }
          let pair = String(cString: text).split(separator: "=", maxSplits: 1)
          guard let key = pair.first else { continue }
          txt[String(key)] = pair.count > 1 ? String(pair[1]) : ""
        }
        gathered.found.append(
          DNSSDFound(
            name: String(cString: record.name), host: String(cString: record.host),
            address: String(cString: record.address), ipv6: record.ipv6 != 0,
            port: Int(record.port), txt: txt))
      }, context, &error, error.count)
    withExtendedLifetime(gathered) {}
    guard code == 0 else { throw DNSSDError(text(error)) }
    return gathered.found
  }
}

/// A C buffer's text, up to its terminating zero.
func text(_ buffer: [CChar]) -> String {
  String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
