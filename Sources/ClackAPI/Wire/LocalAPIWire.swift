import Foundation

/// The Vestaboard Local API's answers, spelled as Vestaboard spells them.
public enum LocalAPIWire {
  /// `GET /local-api/message`: the rows of codes the board shows, null before it has homed.
  public struct Board: Codable, Sendable, Hashable {
    public var message: [[Int]]?

    public init(message: [[Int]]?) {
      self.message = message
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(message, forKey: .message)  // null, not absent
    }
  }

  /// `POST /local-api/message` (201): the message's id and state in Clack's queue.
  public struct Accepted: Codable, Sendable, Hashable {
    public var id: Int64
    public var state: String

    public init(id: Int64, state: String) {
      self.id = id
      self.state = state
    }
  }

  /// `POST /local-api/enablement`: the API key, traded for the enablement token.
  public struct Enabled: Codable, Sendable, Hashable {
    public var message = "Local API enabled"
    public var apiKey: String

    public init(apiKey: String) {
      self.apiKey = apiKey
    }
  }
}
