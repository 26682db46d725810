import ClackCore
import Foundation
import Testing

@testable import ClackStore

/// Settings are typed from the API to the row: what is kept reads back as the value it was,
/// and text that is no value of the setting is refused by name, not read as a default.
@Suite struct BoardSettingTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func valuesReadBackAsTheyWereKept() throws {
    let store = try ClackStore(inMemory: "settings-\(UUID())")
    #expect(try store.value(of: .script) == nil)
    #expect(try store.value(of: .brightness) == nil)
    try store.save(.script, .younger, at: now)
    try store.save(.brightness, 9, at: now)
    #expect(try store.value(of: .script) == .younger)
    #expect(try store.value(of: .brightness) == 9)
    try store.save(.brightness, 0, at: now)
    #expect(try store.value(of: .brightness) == 0)
  }

  @Test(arguments: [("brightness", "bright"), ("brightness", "16"), ("script", "klingon")])
  func textThatIsNoValueIsRefusedByName(name: String, text: String) throws {
    let store = try ClackStore(inMemory: "settings-\(UUID())")
    try store.saveSetting(name, value: text, at: now)
    let error: StoreError?
    do {
      if name == "script" {
        _ = try store.value(of: .script)
      } else {
        _ = try store.value(of: .brightness)
      }
      error = nil
    } catch let caught {
      error = caught
    }
    guard case .invalid(let field, let message) = error else {
      Issue.record("'\(text)' was read as a \(name)")
      return
    }
    #expect(field == "setting.\(name)")
    #expect(message.contains("'\(text)'"))
  }
}
