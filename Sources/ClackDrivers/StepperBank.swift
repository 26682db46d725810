import ClackHAL

/// Modules whose motors the host steps: the scheduler computes coil patterns, the bank moves
/// them to the hardware.
public protocol StepperBank: AnyObject {
  var moduleCount: Int { get }
  /// Drives every module's coils at once: `patterns[i]` is module i's IN1–IN4 (bit 0 = IN1).
  /// A failure marks the affected modules in `busFaults` instead of throwing.
  func writeCoils(_ patterns: [UInt8])
  /// Reads every module's home sensor: `active[i]` is true while module i sees its magnet.
  func readSensors(into active: inout [Bool])
  /// Switches every coil off (idle, stop, exit): energised coils overheat.
  func coilsOff()
  /// The latest bus failure of each module, nil once an operation succeeds again.
  var busFaults: [ModuleFault?] { get }
  /// How many ticks old the sensors are when read after `writeCoils`: 0 when they are read
  /// after the coils change, 1 for shift-register chains, which capture the sensors at the
  /// start of the transfer that latches the new coils. Position tracking must allow for it.
  var sensorDelayTicks: Int { get }
}
