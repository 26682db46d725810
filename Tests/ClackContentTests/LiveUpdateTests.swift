import ClackCore
import ClackStore
import Foundation
import Testing

@testable import ClackContent

/// Live updates replace in place: a sender's new message takes the place of its own on show at
/// once, while another sender's waits out the dwell.
@Suite struct LiveUpdateTests {
  @Test func aSendersUpdateReplacesItsMessageOnShowAtOnce() throws {
    let rig = try ContentRig(ContentRules(zones: [whole], dwell: 60, timeZone: utc))
    let score = try rig.send("HOME 0 AWAY 0", from: "scores", replacing: true)
    try rig.step()
    #expect(rig.source() == .message(score))
    let update = try rig.send("HOME 1 AWAY 0", from: "scores", replacing: true)
    #expect(try rig.store.message(id: score)?.state == .shown, "updated in place: it was seen")
    let decision = try rig.step(5)
    #expect(rig.source() == .message(update), "5 s into a 60 s dwell, the update is on show")
    #expect(decision.started == [update])
    let events = try rig.store.history(id: score).map(\.reason)
    #expect(events.last == "updated in place by message \(update)")
  }

  @Test func anotherSendersMessageStillWaitsOutTheDwell() throws {
    let rig = try ContentRig(ContentRules(zones: [whole], dwell: 60, timeZone: utc))
    let score = try rig.send("HOME 0 AWAY 0", from: "scores", replacing: true)
    try rig.step()
    let other = try rig.send("DINNER IS READY", from: "kitchen", replacing: true)
    try rig.step(5)
    #expect(rig.source() == .message(score))
    try rig.step(55)
    #expect(rig.source() == .message(other))
  }

  @Test func replaceFalseKeepsTheMessageOnShowForItsDwell() throws {
    let rig = try ContentRig(ContentRules(zones: [whole], dwell: 60, timeZone: utc))
    let first = try rig.send("FIRST", from: "scores", replacing: true)
    try rig.step()
    _ = try rig.send("SECOND", from: "scores", replacing: false)
    try rig.step(5)
    #expect(rig.source() == .message(first))
  }
}
