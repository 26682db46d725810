/// A module's state, as the layers above read it: from the executor to the API's `state`.
public enum ModuleMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// Homed, showing or moving to its flap.
  case normal
  /// Looking for its home pulse (at start-up, or after a missed or unexpected one).
  case lookForHome = "look-for-home"
  /// Homing failed: no home pulse, or the sensor never let go. The module is left alone.
  case sensorError = "sensor-error"
  /// Switched off: it speaks another protocol or has another spool, or it does not answer on
  /// its bus (a smart module is tried again now and then, and taken back when it answers).
  case disabled

  /// A module in trouble: one a viewer should be told about.
  public var isFaulty: Bool { self == .sensorError || self == .disabled }
}
