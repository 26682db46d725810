import Foundation

/// Why the store refused or failed, in words a user can act on.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The sender has used its allowance; it may send again after `retryAfter` seconds.
  case rateLimited(sender: String, limitPerHour: Int, retryAfter: Int)
  /// The database was written by a newer Clack: its migrations include ones this one lacks.
  case newerDatabase(path: String, unknownMigrations: [String])
  case notFound(id: Int64)
  /// A field of a message or quote is not acceptable.
  case invalid(field: String, message: String)
  /// SQLite failed (disk full, permissions, a corrupt file …).
  case database(path: String, message: String)

  public var description: String {
    switch self {
    case .rateLimited(let sender, let limit, let retryAfter):
      "sender '\(sender)' has sent its \(limit) messages for this hour; try again in \(retryAfter) s"
    case .newerDatabase(let path, let unknown):
      "\(path) was written by a newer version of Clack (it has migrations "
        + unknown.sorted().joined(separator: ", ")
        + " that this version does not know); upgrade Clack, or move the file away to start afresh"
    case .notFound(let id): "no message with id \(id)"
    case .invalid(let field, let message): "\(field): \(message)"
    case .database(let path, let message): "\(path): \(message)"
    }
  }
}
