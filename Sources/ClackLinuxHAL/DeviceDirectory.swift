#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small file-system helpers the backends need (listing /dev, reading sysfs), written on the C
/// library so the HAL does not pull Foundation into statically linked test programs.
enum DeviceDirectory {
  /// Paths in `directory` whose names start with `prefix` and continue with a number, ordered
  /// by that number (gpiochip2 before gpiochip10).
  static func numberedEntries(in directory: String, prefix: String) -> [String] {
    var found: [(Int, String)] = []
    for name in entries(in: directory, prefix: prefix) {
      guard let number = Int(name.dropFirst(prefix.count)) else { continue }
      found.append((number, directory + "/" + name))
    }
    return found.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// Names in `directory` that start with `prefix`, sorted.
  static func entries(in directory: String, prefix: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix) { names.append(name) }
    }
    return names.sorted()
  }

  /// The canonical path (symlinks resolved), or the path itself when it cannot be resolved.
  static func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The first line of a small text file (a sysfs attribute), or nil.
  static func readLine(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[0..<count], as: UTF8.self)
    return String(text.prefix { $0 != "\n" })
  }
}

/// The text of a NUL-terminated C buffer.
func string(fromCBuffer buffer: [CChar]) -> String {
  String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
