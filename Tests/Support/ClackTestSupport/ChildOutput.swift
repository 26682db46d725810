import Foundation

/// Reads what a child process writes to a pipe, on a thread of its own, until the pipe
/// closes. Not `FileHandle.readabilityHandler`: on Linux its dispatch read source can crash
/// libdispatch's manager thread (`_dispatch_event_loop_drain`, a bad pointer) when several
/// children come and go, which took down a whole test run
/// (swift-corelibs-foundation issue 3276). A blocking read on a plain thread has no source.
public enum ChildOutput {
  /// Calls `take` with each chunk read from `handle` (on the reading thread) until the end
  /// of the file: the child exited and nothing else holds the pipe's write end.
  public static func read(_ handle: FileHandle, into take: @escaping @Sendable (Data) -> Void) {
    Thread.detachNewThread {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { return }
        take(chunk)
      }
    }
  }
}
