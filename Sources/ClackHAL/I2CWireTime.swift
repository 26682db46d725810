/// How long an I2C transfer holds the bus on a Raspberry Pi: SCL clocks at the bus clock plus
/// a cost per call (the system call, the controller's setup and its completion interrupt).
/// The simulated buses charge it to their twin's clock, and a driver that must share a tick
/// among many transfers plans with it. Figures and sources: docs/hal.md, "Time on the wire".
public enum I2CWireTime {
  /// Each transfer's cost beyond its clocks on a Pi, in nanoseconds.
  public static let callNanoseconds = 20_000

  /// SCL clocks of one transfer: a start, the address and each byte with its acknowledge
  /// (nine clocks a byte), a repeated start and the address again when a read follows a
  /// write, and a stop. Each condition is counted as one clock.
  public static func clocks(written: Int, read: Int) -> Int {
    var clocks = 1 + 1  // start and stop
    if written > 0 || read == 0 { clocks += 9 * (1 + written) }
    if read > 0 { clocks += 9 * (1 + read) + (written > 0 ? 1 : 0) }
    return clocks
  }

  /// One acknowledged transfer at `clockHz`, with the call's cost, in microseconds (rounded up).
  public static func microseconds(written: Int, read: Int, clockHz: Int) -> Int {
    let wire = clocks(written: written, read: read) * 1_000_000_000 / max(1, clockHz)
    return (wire + callNanoseconds + 999) / 1000
  }
}
