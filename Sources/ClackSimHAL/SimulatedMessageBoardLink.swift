import ClackHAL
import Synchronization

/// A link to a `VestaboardModel`, answering as the Local API's HTTP answers are read
/// (`LocalAPIBoardLink`): the board's refusals become the same `MessageBoardError`s. The drive
/// calls it from its own thread while a test reads and faults the board, so the model is
/// reached under a lock (`withBoard`).
public final class SimulatedMessageBoardLink: MessageBoardLink, @unchecked Sendable {
  public let name: String
  /// The key this link sends.
  public let key: String
  /// The model belongs to whoever holds `lock`.
  private let lock = Mutex(())
  private let board: VestaboardModel

  public init(name: String = "http://vestaboard.local:7000", board: VestaboardModel, key: String) {
    self.name = name
    self.key = key
    self.board = board
  }

  /// Reads or changes the board (its history, its faults) under the link's lock.
  public func withBoard<Result: Sendable>(_ body: (VestaboardModel) -> Result) -> Result {
    lock.withLock { _ in body(board) }
  }

  public func show(_ rows: [[Int]], animation: BoardAnimation?) throws(MessageBoardError) {
    let answer: VestaboardModel.Answer?? = withBoard { board in
      board.offline ? .none : .some(board.post(rows, animation: animation, key: key))
    }
    guard let answer else { throw unreachable() }
    if let answer { throw error(answer) }
  }

  public func shown() throws(MessageBoardError) -> [[Int]]? {
    let result: Result<[[Int]], VestaboardModel.Answer>? = withBoard { board in
      board.offline ? nil : board.read(key: key)
    }
    switch result {
    case .none: throw unreachable()
    case .success(let rows): return rows
    case .failure(let answer): throw error(answer)
    }
  }

  private func unreachable() -> MessageBoardError {
    MessageBoardError(
      kind: .unreachable, board: name, message: "\(name): no answer (connection refused)")
  }

  private func error(_ answer: VestaboardModel.Answer) -> MessageBoardError {
    switch answer {
    case .unauthorized:
      MessageBoardError(
        kind: .unauthorized, board: name,
        message: "\(name) refused the Local API key (401): check the board's key")
    case .tooManyRequests(let seconds):
      MessageBoardError(
        kind: .rateLimited, board: name, message: "\(name) asked for time (429)",
        retryAfterSeconds: seconds)
    case .badRequest(let reason):
      MessageBoardError(
        kind: .refused, board: name, message: "\(name) refused the message: \(reason)")
    }
  }
}
