/// Calibration's arithmetic (docs/calibration.md): from the flap each module was asked to show
/// and the flap a person saw it show, the offset (steps from its home edge to flap 0) that
/// puts its flaps where they belong. Module order throughout.
public struct FlapCalibration: Sendable, Hashable {
  public let flapCount: Int
  public let stepsPerRevolution: Int

  public init(flapCount: Int, stepsPerRevolution: Int) {
    self.flapCount = max(1, flapCount)
    self.stepsPerRevolution = max(1, stepsPerRevolution)
  }

  /// Each module's new offset. A module asked for flap `expected` that showed `shown` sits
  /// `shown − expected` flaps further on than it believes, so its offset moves back by that
  /// many flaps' steps (the shorter way round). A module not seen (nil) keeps its offset. The
  /// result lies in −revolution/2 … revolution/2, within what a board file takes.
  public func offsets(current: [Int], expected: [Int], shown: [Int?]) -> [Int] {
    current.indices.map { index in
      guard index < expected.count, index < shown.count, let seen = shown[index] else {
        return normalised(current[index])
      }
      return normalised(current[index] - steps(flaps: seen - expected[index]))
    }
  }

  /// Steps for `flaps` flaps, taken the shorter way round the spool.
  func steps(flaps: Int) -> Int {
    var flaps = ((flaps % flapCount) + flapCount) % flapCount
    if flaps > flapCount / 2 { flaps -= flapCount }
    // Rounded to the nearest step: a 4096-step spool of 52 flaps has 78.77 steps a flap.
    let scaled = flaps * stepsPerRevolution
    return scaled >= 0
      ? (scaled + flapCount / 2) / flapCount : -((-scaled + flapCount / 2) / flapCount)
  }

  /// An offset in −revolution/2 … revolution/2 (the same place on the spool).
  public func normalised(_ offset: Int) -> Int {
    var steps = ((offset % stepsPerRevolution) + stepsPerRevolution) % stepsPerRevolution
    if steps > stepsPerRevolution / 2 { steps -= stepsPerRevolution }
    return steps
  }

  /// What a calibration shows for a person to check: cell `k` (row-major, display order)
  /// shows the flap set's symbol `1 + k mod (flaps − 1)`, so the board reads through the set
  /// from its first symbol after the blank and every flap but the blank is shown somewhere.
  public static func testPattern(rows: Int, cols: Int, flapSet: FlapSet) -> Frame {
    var frame = Frame(rows: rows, cols: cols)
    let count = max(1, flapSet.count - 1)
    for row in 0..<rows {
      for col in 0..<cols {
        frame[row, col] = flapSet.symbols[min(flapSet.count - 1, 1 + (row * cols + col) % count)]
      }
    }
    return frame
  }

  /// Every cell on the home flap (flap 0: the one showing when the sensor sees the magnet).
  public static func homeFrame(rows: Int, cols: Int, flapSet: FlapSet) -> Frame {
    Frame(rows: rows, cols: cols, fill: flapSet.symbols[0])
  }
}
