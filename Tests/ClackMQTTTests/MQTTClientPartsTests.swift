import Foundation
import Testing

@testable import ClackMQTT

@Suite struct RedeliveryFilterTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func theSamePayloadOnTheSameTopicWithinTheWindowIsARedelivery() {
    var filter = RedeliveryFilter(window: 60)
    func seen(_ topic: String, _ text: String, after seconds: TimeInterval) -> Bool {
      filter.isRedelivery(topic: topic, payload: Array(text.utf8), at: start + seconds)
    }
    #expect(!seen("clack/a/message/set", "HELLO", after: 0))
    #expect(seen("clack/a/message/set", "HELLO", after: 59))
    #expect(!seen("clack/all/message/set", "HELLO", after: 1), "another topic, another message")
    #expect(!seen("clack/a/message/set", "HELLO!", after: 2))
    #expect(!seen("clack/a/message/set", "HELLO", after: 61), "after the window it is new")
  }

  @Test func memoryIsBounded() {
    var filter = RedeliveryFilter(window: 3600, capacity: 4)
    for index in 0..<10 {
      _ = filter.isRedelivery(topic: "t", payload: [UInt8(index)], at: start)
    }
    let oldest = filter.isRedelivery(topic: "t", payload: [0], at: start + 1)
    let newest = filter.isRedelivery(topic: "t", payload: [9], at: start + 1)
    #expect(!oldest, "the oldest is forgotten first")
    #expect(newest)
  }
}

@Suite struct ReconnectBackoffTests {
  @Test func itDoublesFromOneSecondToThirtyAndResetsOnConnect() {
    var backoff = ReconnectBackoff()
    let delays = (0..<8).map { _ in backoff.nextDelay() }
    #expect(delays == [1, 2, 4, 8, 16, 30, 30, 30])
    backoff.connected()
    #expect(backoff.nextDelay() == 1)
    for _ in 0..<1000 { _ = backoff.nextDelay() }
    #expect(backoff.nextDelay() == 30, "no overflow after many failures")
  }
}

@Suite struct MQTTTopicsTests {
  @Test func theDocumentedTopics() {
    let topics = MQTTTopics(prefix: "clack", board: "hall")
    #expect(topics.message == "clack/hall/message/set")
    #expect(topics.broadcast == "clack/all/message/set")
    #expect(topics.command == "clack/hall/command")
    #expect(topics.state == "clack/hall/state")
    #expect(topics.availability == "clack/hall/availability")
    #expect(topics.error == "clack/hall/error")
    #expect(topics.subscriptions.count == 3)
  }

  @Test func boardNamesBecomeOneSafeTopicLevel() {
    #expect(MQTTTopics.slug("Sim 6×22") == "sim-6-22")
    #expect(MQTTTopics.slug("Kitchen/Board #1+") == "kitchen-board-1")
    #expect(MQTTTopics.slug("hall_2") == "hall_2")
    #expect(MQTTTopics.slug("☃") == "board")
  }
}
