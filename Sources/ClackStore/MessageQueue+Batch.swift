import ClackContent
import Foundation
import GRDB

/// A message to enqueue with the others that arrived with it (`enqueue(batch:)`).
public struct Submission: Sendable {
  public var message: NewMessage
  public var at: Date
  public var policy: SenderPolicy

  public init(_ message: NewMessage, at: Date, policy: SenderPolicy = SenderPolicy()) {
    self.message = message
    self.at = at
    self.policy = policy
  }
}

extension ClackStore {
  /// Enqueues messages that arrived together in one transaction: one commit, one fsync (WAL,
  /// `synchronous=FULL`), for all of them. Each goes in a savepoint of its own, so one refused
  /// (invalid, rate limited) leaves the others in. When this returns, every success is
  /// durable; results are in the batch's order. A database error fails the whole batch.
  public func enqueue(batch: [Submission]) throws(StoreError) -> [Result<Accepted, StoreError>] {
    let checked = batch.map { submission -> StoreError? in
      do throws(StoreError) {
        try Self.validate(submission.message)
        return nil
      } catch {
        return error
      }
    }
    return try write { db in
      var results: [Result<Accepted, StoreError>] = []
      results.reserveCapacity(batch.count)
      for (submission, invalid) in zip(batch, checked) {
        if let invalid {
          results.append(.failure(invalid))
          continue
        }
        var accepted: Accepted?
        do {
          try db.inSavepoint {
            accepted = try Self.insert(
              submission.message, at: submission.at, policy: submission.policy, into: db)
            return .commit
          }
        } catch let refused as StoreError {
          results.append(.failure(refused))
          continue
        }
        if let accepted { results.append(.success(accepted)) }
      }
      return results
    }
  }
}
