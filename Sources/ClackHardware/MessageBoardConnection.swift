import ClackBoard
import ClackHAL
import ClackSimHAL
import Foundation

/// Makes the link to a message board on the network from its address and key
/// (`LocalAPIBoardLink`, in ClackNetworkHAL). The program that opens boards gives it, so this
/// target, and the tools and benchmarks built on it, link no HTTP client.
public typealias MessageBoardConnector =
  @Sendable (_ url: String, _ key: String) ->
  any MessageBoardLink

/// The link a message board is driven through: its simulated twin, or the board itself with
/// the key its board file names.
enum MessageBoardConnection {
  /// The key a simulated board is made with and asked with.
  static let twinKey = "clack-twin"

  static func link(
    board: BoardDefinition, wiring: MessageBoardWiring, simulate: Bool,
    connect: MessageBoardConnector?
  ) throws(BoardRunnerError) -> any MessageBoardLink {
    if simulate {
      let twin = VestaboardModel(rows: board.rows, cols: board.cols, key: twinKey)
      return SimulatedMessageBoardLink(name: "\(wiring.url) (simulated)", board: twin, key: twinKey)
    }
    guard let connect else {
      throw BoardRunnerError(
        description:
          "board '\(board.name)' is a Vestaboard on the network, which this command cannot "
          + "reach: run it with the daemon (clack run), or simulated (--simulate)")
    }
    return connect(wiring.url, try key(board: board, wiring: wiring))
  }

  /// The Local API key, the first line of `key_file`.
  static func key(board: BoardDefinition, wiring: MessageBoardWiring) throws(BoardRunnerError)
    -> String
  {
    guard let file = wiring.keyFile else {
      throw BoardRunnerError(
        description:
          "board '\(board.name)': modules.wiring.key_file is missing: name the file that holds "
          + "the Vestaboard's Local API key (docs/boards.md)")
    }
    let text: String
    do {
      text = try String(contentsOfFile: file, encoding: .utf8)
    } catch {
      throw BoardRunnerError(
        description:
          "board '\(board.name)': cannot read the Local API key from \(file): "
          + "\((error as NSError).localizedDescription)")
    }
    let key = text.split(whereSeparator: \.isNewline).first.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let key, !key.isEmpty else {
      throw BoardRunnerError(
        description: "board '\(board.name)': \(file) is empty: put the Local API key in it")
    }
    return key
  }
}
