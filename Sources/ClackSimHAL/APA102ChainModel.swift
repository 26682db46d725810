/// A chain of APA102 (or SK9822) LEDs on SPI's clock and data lines, modelled bit by bit. 32
/// zero bits (or more) are a start frame; from the next 1 bit, each 32 bits are the next
/// LED's frame: `0b111`, a
/// 5-bit global brightness, then blue, green and red. Each LED passes the data on half a clock
/// late, so LED *k* sees every bit ⌈k/2⌉ clocks after it was sent: a frame whose end is too
/// short leaves the last LEDs waiting for clocks. An APA102 shows its frame as soon as it
/// holds it; an SK9822 once it sees the next start frame. A LED frame that does not begin
/// with `0b111` is counted in `malformedFrames` and not shown. The clock's speed does not
/// matter to clocked chips, and the chain can be fed across transfers.
public final class APA102ChainModel: SimulatedSPIPeripheral {
  public struct LED: Sendable, Hashable {
    public var brightness: UInt8 = 0
    public var red: UInt8 = 0
    public var green: UInt8 = 0
    public var blue: UInt8 = 0

    public init(brightness: UInt8 = 0, red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0) {
      self.brightness = brightness
      self.red = red
      self.green = green
      self.blue = blue
    }
  }

  public let ledCount: Int
  /// SK9822: shows a frame at the next start frame rather than at once.
  public let showsOnStartFrame: Bool
  /// What each LED shows. Power-up: dark.
  public private(set) var shown: [LED]
  public private(set) var malformedFrames = 0
  /// Start frames seen.
  public private(set) var startFrames = 0

  /// What is on its way down the chain: the LED, its frame (nil: a start frame), and the
  /// clock count at which that LED sees it.
  private var travelling: [(led: Int, frame: LED?, at: Int)] = []
  /// The earliest `at` travelling (so a clock with nothing arriving costs a comparison).
  private var earliest = Int.max
  /// Frames an SK9822 holds until the next start frame.
  private var held: [LED?]
  private var clocks = 0
  private var zeros = 0
  private var inFrames = false
  private var word: UInt32 = 0
  private var wordBits = 0
  private var nextLED = 0

  public init(ledCount: Int, showsOnStartFrame: Bool = false) {
    precondition(ledCount > 0, "a chain of at least one LED")
    self.ledCount = ledCount
    self.showsOnStartFrame = showsOnStartFrame
    shown = Array(repeating: LED(), count: ledCount)
    held = Array(repeating: nil, count: ledCount)
  }

  public func spiTransfer(
    _ write: UnsafeRawBufferPointer, into read: UnsafeMutableRawBufferPointer, at time: UInt64,
    speedHz: Int
  ) {
    for index in 0..<read.count { read[index] = 0 }  // the chain has no data out to the Pi
    for byte in write {
      for bit in stride(from: 7, through: 0, by: -1) { clock(byte >> UInt8(bit) & 1 == 1) }
    }
  }

  /// One clock with the data line at `bit`.
  private func clock(_ bit: Bool) {
    clocks += 1
    arrive()
    if inFrames, nextLED < ledCount, wordBits > 0 || bit {
      word = word << 1 | (bit ? 1 : 0)
      wordBits += 1
      if wordBits == 32 { frameComplete() }
      zeros = bit ? 0 : zeros + 1
      return
    }
    zeros = bit ? 0 : zeros + 1
    if zeros >= 32 {
      zeros = 0
      startFrame()
    }
  }

  private func frameComplete() {
    let led = nextLED
    nextLED += 1
    wordBits = 0
    guard word >> 29 == 0b111 else {
      malformedFrames += 1
      return
    }
    let frame = LED(
      brightness: UInt8(word >> 24 & 0x1F), red: UInt8(word & 0xFF),
      green: UInt8(word >> 8 & 0xFF), blue: UInt8(word >> 16 & 0xFF))
    send(led, frame)
    arrive()
  }

  private func send(_ led: Int, _ frame: LED?) {
    let at = clocks + (led + 1) / 2
    travelling.append((led, frame, at))
    earliest = min(earliest, at)
  }

  /// What has reached its LED.
  private func arrive() {
    guard clocks >= earliest else { return }
    travelling.removeAll { item in
      guard item.at <= clocks else { return false }
      if let frame = item.frame {
        if showsOnStartFrame { held[item.led] = frame } else { shown[item.led] = frame }
      } else if let frame = held[item.led] {
        shown[item.led] = frame
        held[item.led] = nil
      }
      return true
    }
    earliest = travelling.map(\.at).min() ?? Int.max
  }

  private func startFrame() {
    startFrames += 1
    if showsOnStartFrame {
      for led in 0..<ledCount { send(led, nil) }
      arrive()
    }
    inFrames = true
    nextLED = 0
    wordBits = 0
  }
}
