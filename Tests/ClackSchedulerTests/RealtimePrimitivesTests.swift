import ClackScheduler
import Foundation
import Testing

final class Box: @unchecked Sendable {
  var value = 0
  var double = 0
}

@Suite struct RealtimePrimitivesTests {
  @Test func theRingIsFirstInFirstOutAndRefusesWhenFull() {
    let ring = SPSCRing(slots: (0..<3).map { _ in Box() })
    for value in 1...3 {
      let slot = ring.reserve()
      #expect(slot != nil)
      slot?.value = value
      ring.publish()
    }
    #expect(ring.reserve() == nil, "a full ring must refuse instead of overwriting")
    #expect(ring.pending == 3)
    var seen: [Int] = []
    while let slot = ring.peek() {
      seen.append(slot.value)
      ring.release()
    }
    #expect(seen == [1, 2, 3])
    #expect(ring.reserve() != nil)
  }

  @Test func theRingHandsEveryValueAcrossThreadsInOrder() async {
    let ring = SPSCRing(slots: (0..<8).map { _ in Box() })
    let count = 200_000
    let producer = Thread {
      var next = 0
      while next < count {
        guard let slot = ring.reserve() else { continue }
        slot.value = next
        slot.double = next * 2
        ring.publish()
        next += 1
      }
    }
    producer.start()
    var expected = 0
    var broken = 0
    while expected < count {
      guard let slot = ring.peek() else { continue }
      if slot.value != expected || slot.double != expected * 2 { broken += 1 }
      ring.release()
      expected += 1
    }
    #expect(broken == 0, "\(broken) values arrived torn or out of order")
  }

  @Test func theTripleBufferGivesTheNewestWholeValue() {
    let buffer = TripleBuffer { Box() }
    #expect(buffer.read().value == 0)
    for value in 1...5 {
      buffer.writeBuffer.value = value
      buffer.writeBuffer.double = value * 2
      buffer.publish()
    }
    let newest = buffer.read()
    #expect(newest.value == 5 && newest.double == 10)
    #expect(buffer.read().value == 5, "reading again without news keeps the newest")
  }

  @Test func theTripleBufferNeverTearsAcrossThreads() {
    let buffer = TripleBuffer { Box() }
    let count = 200_000
    let writer = Thread {
      for value in 1...count {
        buffer.writeBuffer.value = value
        buffer.writeBuffer.double = value * 2
        buffer.publish()
      }
    }
    writer.start()
    var last = 0
    var torn = 0
    var backwards = 0
    while last < count {
      let box = buffer.read()
      if box.double != box.value * 2 { torn += 1 }
      if box.value < last { backwards += 1 }
      last = box.value
    }
    #expect(torn == 0)
    #expect(backwards == 0, "a reader must never see an older value after a newer one")
  }

  @Test func theManualClockJumpsToDeadlinesAndNeverBack() {
    let clock = ManualTickClock(nanoseconds: 100)
    clock.sleep(until: 50)
    #expect(clock.nanoseconds() == 100)
    clock.sleep(until: 1_000)
    #expect(clock.nanoseconds() == 1_000)
    clock.advance(nanoseconds: 5)
    #expect(clock.nanoseconds() == 1_005)
  }

  @Test func theMonotonicClockSleepsUntilAnAbsoluteDeadline() {
    let clock = MonotonicTickClock()
    let deadline = clock.nanoseconds() + 2_000_000
    clock.sleep(until: deadline)
    #expect(clock.nanoseconds() >= deadline)
  }
}
