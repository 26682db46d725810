// `clack-fuzz`: the fuzz targets (Tests/Fuzz/Targets) as one program. Built by scripts/fuzz.sh
// with `--sanitize=fuzzer --sanitize=address -Xswiftc -DCLACK_FUZZ`, it is a libFuzzer binary
// that fuzzes the target CLACK_FUZZ_TARGET names. Built plainly (as `swift build` builds it),
// it replays files through a target: `clack-fuzz TARGET FILE…`, `clack-fuzz --list`.
import ClackFuzzTargets
import Foundation

#if CLACK_FUZZ
  /// The target this run fuzzes, looked up once.
  let fuzzed: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["CLACK_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
      let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
      fatalError("set CLACK_FUZZ_TARGET to one of: \(names) (not '\(name)')")
    }
    return target
  }()

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = fuzzed.read(Data(bytes: data, count: size))
    return 0
  }
#else
  @main enum FuzzReplay {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      guard let name = arguments.first, name != "--list", name != "--help" else {
        print("usage: clack-fuzz TARGET FILE…   (reads each file as TARGET reads it)\ntargets:")
        for target in FuzzTarget.all { print("  \(target.name): \(target.reads)") }
        exit(arguments.first == "--list" || arguments.first == "--help" ? 0 : 64)
      }
      guard let target = FuzzTarget.named(name) else {
        FileHandle.standardError.write(Data("clack-fuzz: no target named '\(name)'\n".utf8))
        exit(64)
      }
      for path in arguments.dropFirst() {
        guard let bytes = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("clack-fuzz: cannot read \(path)\n".utf8))
          exit(66)
        }
        print("\(path): \(target.read(bytes) ? "taken" : "refused")")
      }
    }
  }
#endif
