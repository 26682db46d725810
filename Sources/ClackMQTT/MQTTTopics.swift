import Foundation

/// The topics one board uses (docs/mqtt.md), all under `<prefix>/`.
public struct MQTTTopics: Sendable, Hashable {
  public let prefix: String
  public let board: String

  public init(prefix: String, board: String) {
    self.prefix = prefix
    self.board = board
  }

  public var message: String { "\(prefix)/\(board)/message/set" }
  /// Every board of a fleet listens here.
  public var broadcast: String { "\(prefix)/all/message/set" }
  public var command: String { "\(prefix)/\(board)/command" }
  public var state: String { "\(prefix)/\(board)/state" }
  public var availability: String { "\(prefix)/\(board)/availability" }
  public var error: String { "\(prefix)/\(board)/error" }
  /// A PNG of what the board shows, retained: Home Assistant's image entity.
  public var image: String { "\(prefix)/\(board)/image" }

  /// What the daemon subscribes to.
  public var subscriptions: [String] { [message, broadcast, command] }

  /// A board name made safe as one topic level: lower case letters, digits, `-` and `_`
  /// (no `/`, `+`, `#` or spaces), never empty.
  public static func slug(_ name: String) -> String {
    var out = ""
    for scalar in name.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" {
        out.unicodeScalars.append(scalar)
      } else if !out.hasSuffix("-") {
        out += "-"
      }
    }
    let trimmed = out.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    return trimmed.isEmpty ? "board" : trimmed
  }
}
