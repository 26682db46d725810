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
      let answer = try await api.get(path)
      if client.json { return client.printJSON(answer) }
      let messages = answer["messages"]?.arrayValue ?? []
      if messages.isEmpty { print("no messages" + (state.map { " in state \($0)" } ?? "")) }
      for message in messages {
        let text = message["text"]?.stringValue.map { "\"\($0)\"" } ?? "(characters)"
        let pinned = message["pinned"]?.boolValue == true ? " pinned" : ""
        print(
          "\(message["id"]?.intValue ?? 0)\t\(message["state"]?.stringValue ?? "?")\(pinned)\t"
            + "\(message["sender"]?.stringValue ?? "?")\t\(message["zone"]?.stringValue ?? "?")\t\(text)"
        )
      }
    case .rm:
      try await api.delete("api/v1/messages/\(id!)")
      if !client.json { print("message \(id!) removed") }
    case .pin:
      let answer = try await api.post("api/v1/messages/\(id!)/pin")
      if client.json { return client.printJSON(answer) }
      print("message \(id!) pinned")
    }
  }
}
