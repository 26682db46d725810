import ArgumentParser
import ClackAPI
import Foundation

/// `clack queue [list|rm ID|pin ID]`.
struct QueueCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "queue",
    abstract: "List, remove or pin the daemon's messages.")

  enum Action: String, ExpressibleByArgument, CaseIterable {
    case list, rm, pin
  }

  @Argument(help: "list (default), rm or pin.")
  var action: Action = .list

  @Argument(help: "The message id, for rm and pin.")
  var id: Int?

  @Option(
    help: "With list: only messages in this state (queued, showing, shown, expired, rejected).")
  var state: String?

  @OptionGroup var client: ClientOptions

  func validate() throws {
    switch action {
    case .list:
      if id != nil { throw ValidationError("'list' takes no id") }
    case .rm, .pin:
      guard let id, id > 0 else {
        throw ValidationError(
          "'\(action.rawValue)' needs a message id, as in: clack queue \(action.rawValue) 12")
      }
    }
  }

  func run() async throws {
    let api = try client.client()
    switch action {
    case .list:
      let path = "api/v1/messages" + (state.map { "?state=\($0)" } ?? "")
      let (answer, reply) = try await api.get(path, as: MessageList.self)
      if client.json { return client.printJSON(reply) }
      if answer.messages.isEmpty { print("no messages" + (state.map { " in state \($0)" } ?? "")) }
      for message in answer.messages {
        print(
          "\(message.id)\t\(message.state.rawValue)\(message.pinned ? " pinned" : "")\t"
            + "\(message.sender)\t\(message.zone)\t\(Self.describe(message))")
      }
    case .rm:
      try await api.delete("api/v1/messages/\(id!)")
      if !client.json { print("message \(id!) removed") }
    case .pin:
      let (_, reply) = try await api.post("api/v1/messages/\(id!)/pin", as: MessageView.self)
      if client.json { return client.printJSON(reply) }
      print("message \(id!) pinned")
    }
  }

  /// A message's content in one line: its text in quotes, or "(characters)" for codes.
  static func describe(_ message: MessageView) -> String {
    message.text.map { "\"\($0)\"" } ?? "(characters)"
  }
}
