/// What a board's motor supply gives and what each module draws from it (`power:` in a board
/// file), in milliamps. A moving module draws `ramping` while it speeds up and slows down (at
/// low step rates its coils reach full current: the inrush of a starting motor), `cruising` at
/// speed (back-EMF and inductance hold the current down), and `holding` while its last step's
/// phase stays energised for the rotor to settle; at rest, coils off, it draws `idle` (its
/// driver and sensor). `reserved` is what other loads on the same supply take (a Pi powered
/// from it, LEDs): never available to the motors.
public struct PowerSupply: Hashable, Sendable {
  public var supplyMilliamps: Int
  public var reservedMilliamps: Int
  public var ramping: Int
  public var cruising: Int
  public var holding: Int
  public var idle: Int

  public init(
    supplyMilliamps: Int, reservedMilliamps: Int = 0, ramping: Int, cruising: Int, holding: Int,
    idle: Int
  ) {
    self.supplyMilliamps = supplyMilliamps
    self.reservedMilliamps = reservedMilliamps
    self.ramping = ramping
    self.cruising = cruising
    self.holding = holding
    self.idle = idle
  }

  /// A moving module's highest draw, whatever its phase.
  public var peakMilliamps: Int { max(ramping, cruising, holding) }

  /// What the moving modules may draw above their idle draw, once the reserve and every
  /// module's idle draw are counted.
  public func headroomMilliamps(moduleCount: Int) -> Int {
    supplyMilliamps - reservedMilliamps - idle * moduleCount
  }

  /// The most modules that can move at once even all at their highest draw: the count the
  /// supply guarantees (homing, which has no plan, moves at most this many).
  public func maxMoving(moduleCount: Int) -> Int {
    let extra = max(1, peakMilliamps - idle)
    return max(0, min(moduleCount, headroomMilliamps(moduleCount: moduleCount) / extra))
  }

  /// Milliamps as amperes for people: "0.2 A", "3 A", "0.004 A".
  public static func amperes(_ milliamps: Int) -> String {
    let sign = milliamps < 0 ? "-" : ""
    let value = abs(milliamps)
    var fraction = String(value % 1000)
    while fraction.count < 3 { fraction = "0" + fraction }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return sign + String(value / 1000) + (fraction.isEmpty ? "" : "." + fraction) + " A"
  }
}
