import AsyncHTTPClient
import ClackCore
import Foundation

/// A fetched source's requests and their last good answers: each round asks every request
/// (conditionally), and reads the answers together once one of them is new.
struct SourceAnswers {
  enum Outcome: Sendable, Hashable {
    case data(JSONValue)
    /// Every request answered `304`: nothing has changed.
    case unchanged
    case failed(String)
  }

  private var bodies: [Data?]
  private var validators: [SourceFetch.Validators]

  init(count: Int) {
    bodies = Array(repeating: nil, count: count)
    validators = Array(repeating: .init(), count: count)
  }

  /// One round: the requests in turn (a source's requests go to one server, which need not
  /// be asked several things at once); the first failure ends it.
  mutating func fetch(_ plan: SourceFetchers.Plan, with client: HTTPClient) async -> Outcome {
    var changed = false
    for (index, request) in plan.requests.enumerated() {
      switch await request.run(with: client, validators: validators[index]) {
      case .body(let body, let next):
        changed = changed || body != bodies[index]
        bodies[index] = body
        validators[index] = next
      case .unchanged:
        guard bodies[index] != nil else {
          // A 304 to a request sent without validators: the server is wrong, ask afresh.
          validators[index] = .init()
          return .failed("\(request.url.absoluteString): 304 Not Modified to a first request")
        }
      case .failed(let problem): return .failed(problem)
      }
    }
    guard changed else { return .unchanged }
    do {
      return .data(try plan.read(bodies.map { $0 ?? Data() }))
    } catch {
      // The validators of an answer that cannot be read are dropped, so the next round
      // fetches it whole instead of hearing that it has not changed.
      validators = validators.map { _ in .init() }
      bodies = bodies.map { _ in nil }
      let url = plan.requests.first?.url.absoluteString ?? "?"
      return .failed("\(url): \(error)")
    }
  }
}
