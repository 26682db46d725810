import ClackFuzzTargets
import ClackTestSupport
import Foundation
import Testing

/// Every fuzz target's seeds and every input that ever crashed one (Tests/Fuzz), read by the
/// target in every unit test run: the seeds show the target reads what the daemon meets in
/// use, the regressions that a fixed crash stays fixed.
@Suite struct FuzzReplayTests {
  static let names = FuzzTarget.all.map(\.name)

  @Test func eachTargetHasSeedsAndEachSeedFolderATarget() {
    let folders = FuzzInputs.files("corpus").map(\.lastPathComponent)
    #expect(folders.sorted() == Self.names.sorted())
    #expect(Set(Self.names).count == Self.names.count, "two targets of one name")
  }

  @Test(arguments: names) func everySeedIsTaken(_ name: String) throws {
    let target = try #require(FuzzTarget.named(name))
    let seeds = FuzzInputs.files("corpus/\(name)")
    #expect(seeds.count >= 1, "no seeds for \(name)")
    for seed in seeds {
      #expect(target.read(try Data(contentsOf: seed)), "\(name): \(seed.lastPathComponent)")
    }
  }

  @Test(arguments: names) func everyInputThatEverCrashedItIsReadSafely(_ name: String) throws {
    // A crash would end the run: reaching the end is the check.
    let target = try #require(FuzzTarget.named(name))
    for input in FuzzInputs.files("regressions/\(name)") {
      _ = target.read(try Data(contentsOf: input))
    }
  }

  @Test func aSeedBrokenInTheMiddleIsRefusedNotTaken() throws {
    // The targets tell refusal from acceptance: the first half of a valid seed is not one.
    for name in ["board", "message", "vbml", "quotes-json", "calendar"] {
      let target = try #require(FuzzTarget.named(name))
      let seed = try #require(FuzzInputs.files("corpus/\(name)").first)
      let bytes = try Data(contentsOf: seed)
      #expect(
        !target.read(bytes.prefix(bytes.count / 2)), "\(name): half of \(seed.lastPathComponent)")
    }
  }
}
