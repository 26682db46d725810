#if canImport(Glibc)
  import Glibc
#endif

/// The files of `/proc` that say where device interrupts go, and take a new affinity. A
/// protocol so that `InterruptSteering` is tested on another machine's interrupts, including
/// ones the kernel refuses to move.
public protocol InterruptFiles: Sendable {
  /// The file's text, or nil when it cannot be read.
  func read(_ path: String) -> String?
  /// Writes `text` as one write; 0, or the errno value the kernel answered.
  func write(_ path: String, _ text: String) -> Int32
}

/// `/proc` (or a copy of it under `root`).
public struct ProcInterruptFiles: InterruptFiles {
  public var root: String

  public init(root: String = "/proc") { self.root = root }

  public func read(_ path: String) -> String? {
    #if canImport(Glibc)
      let file = Glibc.open(root + "/" + path, O_RDONLY | O_CLOEXEC)
      guard file >= 0 else { return nil }
      defer { _ = Glibc.close(file) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 16_384)
      while true {
        let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
        bytes += chunk[..<count]
      }
    #else
      return nil
    #endif
  }

  public func write(_ path: String, _ text: String) -> Int32 {
    #if canImport(Glibc)
      // O_TRUNC: /proc takes no notice; a copy of it in plain files needs it.
      let file = Glibc.open(root + "/" + path, O_WRONLY | O_TRUNC | O_CLOEXEC)
      guard file >= 0 else { return errno }
      defer { _ = Glibc.close(file) }
      let bytes = Array(text.utf8)
      let written = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
      return written == bytes.count ? 0 : (written < 0 ? errno : EIO)
    #else
      return 38  // ENOSYS
    #endif
  }
}
