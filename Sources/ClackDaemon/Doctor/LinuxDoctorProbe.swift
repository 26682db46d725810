import ClackCommands
import ClackDiscovery
import ClackHAL
import ClackLinuxHAL
import ClackMQTT
import ClackStore
import Foundation
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// `DoctorProbe` on this machine: the kernel's devices through Clack's Linux HAL, users and
/// groups from the system's databases, limits from systemd or this process.
struct LinuxDoctorProbe: DoctorProbe {
  /// Where sysfs is mounted (a test gives a directory of its own).
  var sysfs = "/sys"

  func fileExists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  func gpioChips() -> Result<[GPIOChipInfo], HALError> {
    Result { () throws(HALError) in try LinuxGPIOController().chips() }
  }

  /// The controller's device-tree node: its `clock-frequency` (a big-endian 32-bit number,
  /// what `dtparam=i2c_arm_baudrate` sets), or the driver's default of 100 kHz when the node
  /// has none (i2c-bcm2835, like most controller drivers, falls back to standard mode).
  func i2cClockHz(bus: String) -> Int? {
    let name = bus.split(separator: "/").last.map(String.init) ?? bus
    let node = "\(sysfs)/class/i2c-adapter/\(name)/of_node"
    guard FileManager.default.fileExists(atPath: node) else { return nil }
    guard let data = FileManager.default.contents(atPath: node + "/clock-frequency"),
      data.count == 4
    else { return 100_000 }
    return data.reduce(0) { $0 << 8 | Int($1) }
  }

  func spidevBufferBytes() -> Int? {
    guard
      let data = FileManager.default.contents(
        atPath: "\(sysfs)/module/spidev/parameters/bufsiz"),
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  func i2cProbe(bus: String, address: Int) -> HALError? {
    do {
      let opened = try LinuxI2CBus(path: bus)
      var byte: UInt8 = 0
      _ = try withUnsafeMutableBytes(of: &byte) { buffer throws(HALError) in
        try opened.smbus(address: UInt8(address), .receiveByte, buffer: buffer)
      }
      return nil
    } catch {
      return error
    }
  }

  func access(_ path: String, for user: DoctorUser) -> DeviceAccess {
    var status = stat()
    guard stat(path, &status) == 0 else { return .missing }
    if permits(status, user: user, write: true) { return .ok }
    let group =
      getgrgid(status.st_gid).map { String(cString: $0.pointee.gr_name) } ?? "\(status.st_gid)"
    return .denied(group: group, mode: Int(status.st_mode & 0o777))
  }

  /// Whether `user` may read (and write) a file with this owner, group and mode.
  private func permits(_ status: stat, user: DoctorUser, write: Bool) -> Bool {
    guard let entry = getpwnam(user.name) else { return false }
    let uid = entry.pointee.pw_uid
    if uid == 0 { return true }
    let need: mode_t = write ? 0o6 : 0o4
    if status.st_uid == uid { return (status.st_mode >> 6) & need == need }
    let groupName = getgrgid(status.st_gid).map { String(cString: $0.pointee.gr_name) }
    if let groupName, user.groups.contains(groupName) {
      return (status.st_mode >> 3) & need == need
    }
    return status.st_mode & need == need
  }

  func serviceUser() -> DoctorUser {
    if getpwnam("clack") != nil { return user(named: "clack", isService: true) }
    let name = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "\(getuid())"
    return user(named: name, isService: false)
  }

  private func user(named name: String, isService: Bool) -> DoctorUser {
    guard let entry = getpwnam(name) else {
      return DoctorUser(name: name, groups: [], isService: isService)
    }
    var count: Int32 = 64
    var ids = [gid_t](repeating: 0, count: Int(count))
    let primary = entry.pointee.pw_gid
    if getgrouplist(name, primary, &ids, &count) < 0 {
      ids = [gid_t](repeating: 0, count: Int(count))
      _ = getgrouplist(name, primary, &ids, &count)
    }
    let groups = ids.prefix(Int(count)).compactMap { id in
      getgrgid(id).map { String(cString: $0.pointee.gr_name) }
    }
    return DoctorUser(name: name, groups: groups, isService: isService)
  }

  func realtimeLimits() -> RealtimeLimits {
    if let unit = Self.serviceLimits() { return unit }
    if geteuid() == 0 { return RealtimeLimits(rtprio: 99, memlockBytes: nil, source: "root") }
    var rtprio = rlimit()
    var memlock = rlimit()
    getrlimit(__rlimit_resource_t(__RLIMIT_RTPRIO.rawValue), &rtprio)
    getrlimit(__rlimit_resource_t(__RLIMIT_MEMLOCK.rawValue), &memlock)
    return RealtimeLimits(
      rtprio: Int(min(rtprio.rlim_cur, 99)),
      memlockBytes: memlock.rlim_cur == rlim_t.max ? nil : UInt64(memlock.rlim_cur),
      source: "this shell")
  }

  /// clack.service's LimitRTPRIO and LimitMEMLOCK, when systemd knows the unit.
  private static func serviceLimits() -> RealtimeLimits? {
    guard
      let text = run(
        "systemctl",
        ["show", "clack.service", "-p", "LoadState", "-p", "LimitRTPRIO", "-p", "LimitMEMLOCK"])
    else { return nil }
    var values: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    guard values["LoadState"] == "loaded" else { return nil }
    let memlock = values["LimitMEMLOCK"] ?? "0"
    return RealtimeLimits(
      rtprio: values["LimitRTPRIO"].flatMap { Int($0) }.map { min($0, 99) } ?? 0,
      memlockBytes: memlock == "infinity" ? nil : UInt64(memlock) ?? 0,
      source: "clack.service")
  }

  /// A program's standard output, or nil when it cannot run or fails.
  private static func run(_ program: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  func directory(_ path: String) -> DirectoryState {
    var status = stat()
    guard stat(path, &status) == 0 else {
      return DirectoryState(exists: false, writable: false, freeBytes: 0)
    }
    var space = statvfs()
    let free = statvfs(path, &space) == 0 ? Int64(space.f_bavail) * Int64(space.f_frsize) : 0
    return DirectoryState(
      exists: true, writable: permits(status, user: serviceUser(), write: true), freeBytes: free)
  }

  func databaseProblem(_ path: String) -> String? { ClackStore.quickCheckProblem(path: path) }

  func health(at url: String) async -> Result<DaemonHealth, DoctorProbeError> {
    switch await DaemonReachability.health(at: url) {
    case .success(let health): .success(DaemonHealth(homed: health.homed, queued: health.queued))
    case .failure(let failure): .failure(DoctorProbeError(description: failure.description))
    }
  }

  func connect(host: String, port: Int) async -> String? {
    await DaemonReachability.connect(host: host, port: port)
  }

  func mqttLibraryProblem() -> String? { MQTTClientFactory.libraryProblem() }

  func findBroker(tls: Bool) -> Result<MQTTBrokerAddress, MQTTTransportError> {
    LANBrokerFinder(tls: tls, logger: Logger(label: "doctor")).find()
  }

  /// A short look for Clack daemons: it fails at once when avahi-daemon is not there.
  func discoveryProblem() -> String? {
    do {
      _ = try DNSSDBrowser.browse(type: ClackAdvertisement.apiType, seconds: 0.2)
      return nil
    } catch {
      return error.description
    }
  }
}
