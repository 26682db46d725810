import Foundation
import GRDB

/// Where a stepped board's modules were when the daemon stopped cleanly (coils off, motion
/// ended): the next start trusts it instead of homing. Taken (read and deleted) at start, so
/// a start that then loses power homes again the time after.
public struct CleanStop: Codable, Sendable, Hashable {
  /// The board it belongs to (`BoardRunner.positionKey`): a changed board file homes.
  public var board: String
  /// Each module's position in steps past its flap 0, -1 where it was unknown (a fault).
  public var positions: [Int]
  /// Each module's coil phase, 0–7.
  public var phases: [Int]
  /// A simulated board's rotors, in half-steps: its twin starts where it stopped.
  public var rotors: [Int]?
  public var savedAt: Date

  public init(board: String, positions: [Int], phases: [Int], rotors: [Int]?, savedAt: Date) {
    self.board = board
    self.positions = positions
    self.phases = phases
    self.rotors = rotors
    self.savedAt = savedAt
  }
}

extension ClackStore {
  public func saveCleanStop(_ stop: CleanStop) throws(StoreError) {
    try saveState(stop, key: "clean_stop", field: "clean stop", at: stop.savedAt)
  }

  /// The clean stop saved last, removed in the same transaction; nil when the last run did not
  /// end cleanly (or its record cannot be read).
  public func takeCleanStop() throws(StoreError) -> CleanStop? {
    try loadState(key: "clean_stop", remove: true)
  }
}
