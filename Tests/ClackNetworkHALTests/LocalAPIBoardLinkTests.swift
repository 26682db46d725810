import ClackCore
import ClackHAL
import ClackNetworkHAL
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// The Local API link against an HTTP server on loopback that answers as Vestaboard's
/// documentation says a board does: the requests it makes (path, key header, body), and how
/// each kind of answer is classified.
@Suite struct LocalAPIBoardLinkTests {
  /// What the board got, and what it answers next.
  final class Board: Sendable {
    struct Request: Sendable {
      var method: String
      var key: String?
      var contentType: String?
      var body: JSONValue?
    }
    let requests = Mutex<[Request]>([])
    let answer = Mutex<(status: HTTPResponse.Status, headers: HTTPFields, body: String)>(
      (.created, [:], "{}"))

    func router() -> Router<BasicRequestContext> {
      let router = Router()
      router.on("local-api/message", method: .post) { request, _ in try await self.take(request) }
      router.on("local-api/message", method: .get) { request, _ in try await self.take(request) }
      return router
    }

    private func take(_ request: Request_) async throws -> Response {
      let body = try await request.body.collect(upTo: 1 << 16)
      requests.withLock {
        $0.append(
          Request(
            method: request.method.rawValue,
            key: request.headers[HTTPField.Name("X-Vestaboard-Local-Api-Key")!],
            contentType: request.headers[.contentType],
            body: JSONValue.parse(Data(body.readableBytesView))))
      }
      let (status, headers, text) = answer.withLock { $0 }
      return Response(
        status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
  }
  typealias Request_ = Hummingbird.Request

  /// Runs a blocking call on a thread of its own, off Swift's cooperative pool.
  func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }

  func rows(_ code: Int) -> [[Int]] {
    Array(repeating: Array(repeating: code, count: 22), count: 6)
  }

  @Test func postsRowsOrCharactersWithTheKeyAndReadsWhatTheBoardShows() async throws {
    let board = Board()
    try await Application(router: board.router()).test(.live) { client in
      let port = try #require(client.port)
      let link = LocalAPIBoardLink(url: "http://127.0.0.1:\(port)/", key: "k3y")
      #expect(link.name == "http://127.0.0.1:\(port)")
      let plain = await offThePool {
        Result { () throws(MessageBoardError) in try link.show(rows(8), animation: nil) }
      }
      #expect(throws: Never.self) { try plain.get() }
      let animated = await offThePool {
        Result { () throws(MessageBoardError) in
          try link.show(
            rows(9),
            animation: BoardAnimation(
              strategy: "column", stepIntervalMilliseconds: 250, stepSize: 2))
        }
      }
      #expect(throws: Never.self) { try animated.get() }
      board.answer.withLock { $0 = (.ok, [:], #"{"message": [[1,2],[3,4]]}"#) }
      let read = await offThePool { Result { () throws(MessageBoardError) in try link.shown() } }
      #expect(try read.get() == [[1, 2], [3, 4]])
      board.answer.withLock { $0 = (.ok, [:], #"{"message": null}"#) }
      let unknown = await offThePool { Result { () throws(MessageBoardError) in try link.shown() } }
      #expect(try unknown.get() == nil, "a Clack board still homing cannot say yet")

      let requests = board.requests.withLock { $0 }
      try #require(requests.count == 4)
      #expect(requests.allSatisfy { $0.key == "k3y" })
      #expect(requests.map(\.method) == ["POST", "POST", "GET", "GET"])
      #expect(requests[0].contentType == "application/json")
      #expect(requests[0].body == .array(rows(8).map { .array($0.map(JSONValue.int)) }))
      #expect(
        requests[1].body
          == .object([
            "characters": .array(rows(9).map { .array($0.map(JSONValue.int)) }),
            "strategy": .string("column"), "step_interval_ms": .int(250), "step_size": .int(2),
          ]))
    }
  }

  @Test func eachRefusalIsClassifiedAndNamesTheBoard() async throws {
    let board = Board()
    try await Application(router: board.router()).test(.live) { client in
      let port = try #require(client.port)
      let link = LocalAPIBoardLink(url: "http://127.0.0.1:\(port)", key: "wrong")
      func post() async -> MessageBoardError? {
        await offThePool { () -> MessageBoardError? in
          do throws(MessageBoardError) {
            try link.show(rows(0), animation: nil)
            return nil
          } catch { return error }
        }
      }
      board.answer.withLock { $0 = (.unauthorized, [:], "") }
      #expect(await post()?.kind == .unauthorized)
      board.answer.withLock { $0 = (.tooManyRequests, [.retryAfter: "7"], "") }
      let limited = await post()
      #expect(limited?.kind == .rateLimited)
      #expect(limited?.retryAfterSeconds == 7)
      board.answer.withLock { $0 = (.badRequest, [:], #"{"error": "the board is 3x15"}"#) }
      let refused = await post()
      #expect(refused?.kind == .refused)
      #expect(refused?.message.contains("HTTP 400") == true)
      #expect(refused?.message.contains("the board is 3x15") == true, "the board's reason is kept")
      #expect(refused?.board == "http://127.0.0.1:\(port)")
      board.answer.withLock { $0 = (.ok, [:], "<html>not json</html>") }
      let malformed = await offThePool { () -> MessageBoardError? in
        do throws(MessageBoardError) {
          _ = try link.shown()
          return nil
        } catch { return error }
      }
      #expect(malformed?.kind == .malformed)
    }
  }

  @Test func aBoardThatIsNotThereIsUnreachableAndSaysSo() async throws {
    // A port nothing listens on: the server above was started and stopped to find one.
    let closedPort = try await Application(router: Board().router()).test(.live) { client in
      try #require(client.port)
    }
    let link = LocalAPIBoardLink(url: "http://127.0.0.1:\(closedPort)", key: "k", timeoutSeconds: 2)
    let error = await offThePool { () -> MessageBoardError? in
      do throws(MessageBoardError) {
        _ = try link.shown()
        return nil
      } catch { return error }
    }
    #expect(error?.kind == .unreachable)
    #expect(
      error?.message.contains("refused the connection") == true, "\(String(describing: error))")
  }
}
