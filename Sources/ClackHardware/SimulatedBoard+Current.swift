import ClackBoard
import ClackSimHAL

extension SimulatedBoard {
  /// The twin's motors' current model, from the board file's `power.module_amps` (nil when the
  /// file gives no supply).
  public var motorCurrent: MotorCurrentModel? {
    board.supply.map {
      MotorCurrentModel(
        ramping: $0.ramping, cruising: $0.cruising, holding: $0.holding, idle: $0.idle,
        startSpeed: board.motion.startSpeed, topSpeed: board.motion.topSpeed)
    }
  }

  /// What the whole twin draws from its supply now (milliamps): the reserve and every
  /// module's draw as its motor's state gives it. Nil when the file gives no supply.
  public func supplyDrawMilliamps() -> Int? {
    guard let model = motorCurrent, let supply = board.supply else { return nil }
    let now = clock.nanoseconds
    return modules.reduce(supply.reservedMilliamps) { $0 + model.milliamps(of: $1.motor, at: now) }
  }
}
