import ClackBoard

/// What would make a board's bus work fit its tick, each remedy measured on the twin as the
/// board itself was: a lower top speed (a longer tick: a step per tick at most), fewer
/// modules moving at once, or a faster I2C clock. Only remedies that fit are named.
struct TickBusTimeAdvice {
  let board: BoardDefinition
  let measured: TickBusTime

  func text(file: String) -> String {
    let out =
      "\(file): the bus work of a tick takes up to \(measured.percent) % of it; it must "
      + "leave a fifth of the tick for the thread and the host (docs/boards.md, \"Bus time\"). "
      + "Any of these would fit:\n"
    var remedies: [String] = []
    if let speed = topSpeed() {
      remedies.append(
        "motion.top_speed: \(speed) (a \(1_000_000 / speed) µs tick)"
          + (speed < board.motion.startSpeed ? " with start_speed: \(speed)" : ""))
    }
    if let moving = maxMoving() { remedies.append("power.max_moving: \(moving)") }
    if let clock = fasterClock() {
      remedies.append(
        "clock_hz: \(clock) on its I2C buses (dtparam=i2c_arm_baudrate=\(clock) in config.txt)")
    }
    if remedies.isEmpty {
      remedies.append("none of a lower top speed, fewer moving modules or a faster bus clock")
    }
    return out + remedies.map { "  \($0)\n" }.joined()
  }

  /// The highest top speed whose longer tick holds the worst bus work with a fifth to spare:
  /// stepped boards only (smart modules are polled on a fixed tick).
  private func topSpeed() -> Int? {
    guard board.hardware?.isSmart == false else { return nil }
    let tick = measured.worstMicroseconds * 100 / TickBusTime.allowedPercent + 1
    var speed = 1_000_000 / tick
    while speed >= 1 {
      var slower = board
      slower.motion.topSpeed = speed
      slower.motion.startSpeed = min(board.motion.startSpeed, speed)
      guard let fit = try? TickBusTime.measure(slower) else { return nil }
      if fit.fits { return speed }
      speed = speed * 9 / 10
    }
    return nil
  }

  /// The most modules that may move at once and still fit, if fewer than now would.
  private func maxMoving() -> Int? {
    var (low, high) = (0, board.maxMoving - 1)  // `low` fits (0: nothing moves), `high` unknown
    var found: Int?
    while low < high {
      let middle = (low + high + 1) / 2
      var fewer = board
      fewer.maxMoving = middle
      guard let fit = try? TickBusTime.measure(fewer) else { return nil }
      if fit.fits {
        (low, found) = (middle, middle)
      } else {
        high = middle - 1
      }
    }
    return found
  }

  /// 400 kHz, the fast-mode clock the Pi and most I2C chips support, when the buses are
  /// slower and it fits.
  private func fasterClock() -> Int? {
    guard case .some(let hardware) = board.hardware, var wiring = hardware.i2cWiring,
      wiring.groups.contains(where: { $0.clockHz < 400_000 })
    else { return nil }
    for index in wiring.groups.indices { wiring.groups[index].clockHz = 400_000 }
    var faster = board
    faster.hardware = hardware.with(i2cWiring: wiring)
    guard let fit = try? TickBusTime.measure(faster), fit.fits else { return nil }
    return 400_000
  }
}
