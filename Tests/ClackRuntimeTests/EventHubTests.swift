import ClackCore
import Testing

@testable import ClackRuntime

@Suite("Event hub")
struct EventHubTests {
  /// A board change as the display publishes it on a 6 × 22 board mid-flip.
  private func boardEvent(_ moving: Int) -> DaemonEvent {
    .board(
      BoardChange(
        shown: Frame(rows: 6, cols: 22), target: Frame(rows: 6, cols: 22, fill: .glyph("A")),
        moving: moving, waiting: 0, quiet: false, leds: nil))
  }

  @Test("a subscriber that falls behind keeps the newest 256 events, in order")
  func aSubscriberBehindKeepsTheNewest() async {
    let hub = EventHub()
    let stream = hub.subscribe()
    for moving in 0..<300 { hub.publish(boardEvent(moving)) }
    hub.finish()
    var kept: [Int] = []
    for await event in stream {
      if case .board(let change) = event { kept.append(change.moving) }
    }
    #expect(kept == Array(44..<300))
  }

  /// Each stream's buffer keeps the capacity a burst grew it to, at the stride of the largest
  /// case: the board change is boxed so that the buffer holds a pointer, not two frames.
  @Test("an event is small enough that a full stream's buffer stays near 10 KiB")
  func anEventIsSmall() {
    #expect(MemoryLayout<DaemonEvent>.stride <= 48)
    #expect(MemoryLayout<BoardChange>.size > 96)
  }
}
