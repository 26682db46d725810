import ClackCore
import ClackHAL

/// A Vestaboard as its Local API presents it, written from Vestaboard's documentation: a
/// board of `rows` × `cols` character codes (a Flagship is 6 × 22, a Note 3 × 15), unlocked by
/// one key. `POST /local-api/message` with rows of codes, or with `characters` and a
/// transition, changes what it shows; `GET` answers what it shows. The model checks what the
/// documentation states (the key, the board's size, the character codes) and refuses anything else, as
/// a board would, with the reason. Faults are injected by the test: the board off the network,
/// or answers it gives before taking messages again (asking for time, refusing the key).
public final class VestaboardModel {
  /// A message the board took, with the transition it was asked for.
  public struct Shown: Sendable, Hashable {
    public let rows: [[Int]]
    public let animation: BoardAnimation?
  }

  /// What the board answers a request, when it does not take it.
  public enum Answer: Error, Sendable, Hashable {
    /// HTTP 401: the key is not the board's.
    case unauthorized
    /// HTTP 429, with `Retry-After` in seconds when given.
    case tooManyRequests(retryAfterSeconds: Double?)
    /// HTTP 400, with the reason.
    case badRequest(String)
  }

  public let rows: Int
  public let cols: Int
  public let key: String
  /// Every message the board took, in order.
  public private(set) var history: [Shown] = []
  /// Requests that reached the board (taken or not), and of those the messages (POSTs).
  public private(set) var requests = 0
  public private(set) var posts = 0
  /// Off the network: nothing answers.
  public var offline = false
  /// Answers given, in order, to the next requests instead of taking them.
  public var nextAnswers: [Answer] = []

  public init(rows: Int = 6, cols: Int = 22, key: String) {
    self.rows = rows
    self.cols = cols
    self.key = key
  }

  /// What the board shows: the last message it took, blank before the first.
  public var shown: [[Int]] {
    history.last?.rows ?? Array(repeating: Array(repeating: 0, count: cols), count: rows)
  }

  /// Takes `rows` sent with `key`; nil when it was taken, otherwise the board's answer.
  public func post(_ rows: [[Int]], animation: BoardAnimation?, key: String) -> Answer? {
    requests += 1
    posts += 1
    if let answer = takeNextAnswer() { return answer }
    guard key == self.key else { return .unauthorized }
    if let reason = refusal(rows) { return .badRequest(reason) }
    history.append(Shown(rows: rows, animation: animation))
    return nil
  }

  /// What the board shows, or its answer when it gives no message.
  public func read(key: String) -> Result<[[Int]], Answer> {
    requests += 1
    if let answer = takeNextAnswer() { return .failure(answer) }
    guard key == self.key else { return .failure(.unauthorized) }
    return .success(shown)
  }

  private func takeNextAnswer() -> Answer? {
    nextAnswers.isEmpty ? nil : nextAnswers.removeFirst()
  }

  private func refusal(_ message: [[Int]]) -> String? {
    guard message.count == rows, message.allSatisfy({ $0.count == cols }) else {
      let widths = Set(message.map(\.count)).sorted().map(String.init).joined(separator: "/")
      return "the board is \(rows)×\(cols); the message is \(message.count)×\(widths)"
    }
    for (row, line) in message.enumerated() {
      if let col = line.firstIndex(where: { VestaboardCode.symbol(for: $0) == nil }) {
        return "row \(row + 1), column \(col + 1): \(line[col]) is not a character code"
      }
    }
    return nil
  }
}
