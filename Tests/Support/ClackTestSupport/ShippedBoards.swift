import ClackBoard
import ClackCore
import Foundation

/// The repository's `boards/` directory, where the shipped board files are.
public let boardsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../../boards").standardized

/// A shipped board file, loaded as `clack` loads it.
public func loadBoard(_ name: String) throws -> BoardDefinition {
  try BoardDefinition.load(path: boardsDirectory.appendingPathComponent(name).path)
}

/// A shipped board file of any kind (flaps or pixels), loaded as `clack run` loads it.
public func loadBoardFile(_ name: String) throws -> BoardDefinition {
  try BoardFile.load(path: boardsDirectory.appendingPathComponent(name).path)
}

/// A shipped board file with `extra` YAML appended (a smaller power budget, say).
public func twinBoard(_ file: String, extra: String = "") throws -> BoardDefinition {
  let yaml =
    try String(contentsOf: boardsDirectory.appendingPathComponent(file), encoding: .utf8) + extra
  return try BoardDefinition.parse(yaml: yaml, file: file)
}

/// Random targets for every module, seeded so a failure repeats.
public func randomTargets(_ board: BoardDefinition, seed: UInt64) -> [Int] {
  var random = SplitMix64(seed: seed)
  return (0..<board.moduleCount).map { _ in random.uniform(below: board.flapSet.count) }
}
