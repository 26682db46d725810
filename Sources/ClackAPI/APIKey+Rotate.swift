import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension APIKey {
  /// Replaces the key in `path` with a new one (`clack key --rotate`) and returns it. The new
  /// key is written to a file of its own beside the old (mode 0600, and the old file's owner
  /// kept when root rotates the key of a daemon that runs as its own user), made durable and
  /// renamed over it, so a reader finds the old key or the new, never a part of one.
  public static func rotate(path: String) throws(DaemonError) -> APIKey {
    let key = generate()
    let temporary = path + ".new"
    unlink(temporary)  // left by a rotation that was cut short
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw DaemonError(
        "cannot write a new API key beside \(path): \(String(cString: strerror(errno)))")
    }
    var old = stat()
    if getuid() == 0, stat(path, &old) == 0 { _ = fchown(descriptor, old.st_uid, old.st_gid) }
    do {
      try key.writeLine(to: descriptor, path: temporary)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw DaemonError("cannot put the new API key in \(path): \(reason)")
    }
    syncDirectory(of: path)
    return key
  }

  /// Makes a rename in the directory durable, so a power cut cannot bring the old key back.
  private static func syncDirectory(of path: String) {
    let directory = (path as NSString).deletingLastPathComponent
    let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}
