import ClackAPI
import Foundation
import Testing

/// `clack key --rotate`'s file side: a new key put in place whole, and the daemon's store
/// reading it again.
@Suite struct APIKeyRotationTests {
  /// A fresh directory holding a key file, as the daemon leaves it.
  static func keyFile() throws -> (path: String, key: APIKey) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-key-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("api-key").path
    return (path, try APIKey.loadOrCreate(path: path).key)
  }

  @Test func aRotationPutsANewKeyInPlaceWithTheFilesMode() throws {
    let (path, old) = try Self.keyFile()
    let new = try APIKey.rotate(path: path)
    #expect(new != old)
    #expect(try APIKey.read(path: path) == new)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    #expect(!FileManager.default.fileExists(atPath: path + ".new"), "the new file left beside")
    #expect(try APIKey.rotate(path: path) != new, "each rotation makes another key")
  }

  @Test func aRotationCutShortBeforeDoesNotStopTheNext() throws {
    let (path, _) = try Self.keyFile()
    #expect(FileManager.default.createFile(atPath: path + ".new", contents: Data("half".utf8)))
    let new = try APIKey.rotate(path: path)
    #expect(try APIKey.read(path: path) == new)
  }

  @Test func theStoreTakesTheNewKeyWhenItReadsTheFileAgain() throws {
    let (path, old) = try Self.keyFile()
    let store = APIKeyStore(old, path: path)
    #expect(try store.reload() == false, "the same key is no change")
    let new = try APIKey.rotate(path: path)
    #expect(store.current == old, "the store reads the file only when asked")
    #expect(try store.reload() == true)
    #expect(store.current == new)
  }

  @Test func aKeyFileGoneKeepsTheKeyAndSaysWhy() throws {
    let (path, old) = try Self.keyFile()
    let store = APIKeyStore(old, path: path)
    try FileManager.default.removeItem(atPath: path)
    do {
      _ = try store.reload()
      Issue.record("a missing key file was taken")
    } catch {
      #expect(error.description.contains("\(path) is gone"), "\(error)")
      #expect(!error.description.contains(old.value))
    }
    #expect(store.current == old)
    #expect(try APIKeyStore(old).reload() == false, "a key with no file never changes")
  }
}
