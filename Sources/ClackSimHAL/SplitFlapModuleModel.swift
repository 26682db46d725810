/// One split-flap module as built: a stepper turning a spool of flaps, and a hall sensor that
/// sees a magnet on the spool over a window of the revolution.
///
/// Geometry, in half-steps of the spool: the sensor is active while the rotor is within
/// `sensorWindow` steps after `sensorWindowStart` (mod one revolution). Flap 0 is fully shown
/// `mechanicalOffset` steps after the window starts; flap f from there plus
/// ceil(f × stepsPerRevolution / flapCount).
public final class SplitFlapModuleModel {
  public struct Parameters: Sendable, Hashable {
    public var flapCount: Int
    public var sensorWindowStart: Int
    public var sensorWindow: Int
    public var mechanicalOffset: Int
    /// A dead sensor never reports the magnet.
    public var sensorDead: Bool
    /// The hall sensor's output level when it sees the magnet (most pull the line low).
    public var sensorActiveLevel: Bool

    public init(
      flapCount: Int = 52, sensorWindowStart: Int = 0, sensorWindow: Int = 60,
      mechanicalOffset: Int = 0, sensorDead: Bool = false, sensorActiveLevel: Bool = false
    ) {
      self.flapCount = flapCount
      self.sensorWindowStart = sensorWindowStart
      self.sensorWindow = sensorWindow
      self.mechanicalOffset = mechanicalOffset
      self.sensorDead = sensorDead
      self.sensorActiveLevel = sensorActiveLevel
    }
  }

  public let motor: StepperMotorModel
  public var parameters: Parameters

  public init(motor: StepperMotorModel, parameters: Parameters = Parameters()) {
    self.motor = motor
    self.parameters = parameters
  }

  var revolution: Int { motor.parameters.stepsPerRevolution }

  /// The rotor's angle within a revolution, in half-steps.
  public var angle: Int { ((motor.position % revolution) + revolution) % revolution }

  /// Whether the sensor sees the magnet now.
  public var sensorActive: Bool {
    guard !parameters.sensorDead else { return false }
    let into = ((angle - parameters.sensorWindowStart) % revolution + revolution) % revolution
    return into < parameters.sensorWindow
  }

  /// The sensor output's electrical level.
  public var sensorLevel: Bool {
    sensorActive ? parameters.sensorActiveLevel : !parameters.sensorActiveLevel
  }

  /// The flap the module shows now.
  public var displayedFlap: Int {
    let zero = parameters.sensorWindowStart + parameters.mechanicalOffset
    let p = ((angle - zero) % revolution + revolution) % revolution
    return p * parameters.flapCount / revolution
  }
}
