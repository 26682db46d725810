import Foundation

/// The leader's line to the other members of its wall: frames out, what each member reports
/// back in. The MQTT face's (`MQTTWallLeader`) in the daemon; in memory in tests. A protocol
/// of values only, so the hardware layer (`WallBoard`) and the face share it.
public protocol WallLink: Sendable {
  /// Hands a frame to every member; returns at once (sent in the background, in order).
  func publish(_ frame: WallFrame)
  /// What each other member reports now, by member name; a member never heard from is absent.
  func reports() -> [String: WallMemberReport]
}
