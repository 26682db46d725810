import ClackBoard
import ClackContent
import Foundation

extension Display {
  /// Sets a pixel board's brightness (0–15) from now on, and keeps it across restarts. During
  /// the board's night hours it holds until the night ends.
  public func setBrightness(_ level: Int) throws(BrightnessError) {
    guard var schedule = brightness else {
      throw .notPixels(board: runner.board.name)
    }
    guard (0...15).contains(level) else { throw .outOfRange(level) }
    if let pixels = runner.board.pixels, let power = pixels.power, level > pixels.maxBrightness {
      throw .aboveSupply(
        level, most: pixels.maxBrightness, supply: PowerSupply.amperes(power.supplyMilliamps))
    }
    let now = clock.now()
    do {
      try store.save(.brightness, level, at: now)
    } catch {
      throw .notSaved("\(error)")
    }
    schedule.set(level, at: now, in: config.timeZone)
    brightness = schedule
    logger.info("brightness \(level) of 15")
    step()
    wakeLoop()
  }

  /// Sends the level the schedule says for `now`, when it differs from the last one sent.
  func applyBrightness(at now: Date) {
    guard let level = brightness?.level(at: now, in: config.timeZone), level != brightnessSent
    else { return }
    guard runner.setBrightness(level) else { return }  // every slot taken: next step
    brightnessSent = level
    commandsSent += 1
  }
}

/// Why a brightness was refused.
public enum BrightnessError: Error, Sendable, Hashable, CustomStringConvertible {
  case notPixels(board: String)
  case outOfRange(Int)
  case aboveSupply(Int, most: Int, supply: String)
  case notSaved(String)

  public var description: String {
    switch self {
    case .notPixels(let board):
      "board \(board) is a split-flap board: brightness is for LED (pixel) boards"
    case .outOfRange(let level): "brightness must be a whole number from 0 to 15, not \(level)"
    case .aboveSupply(let level, let most, let supply):
      "brightness \(level) would draw more than the panel's \(supply) supply with every LED lit: at most \(most)"
    case .notSaved(let why): "the brightness could not be saved: \(why)"
    }
  }
}
