import ClackCore
import ClackDrivers

public struct ModuleStatus: Sendable, Hashable {
  public var mode: ModuleMode
  /// The flap the module believes it shows (nil before homing).
  public var flap: Int?
  /// Energised and turning now.
  public var moving: Bool
  /// Has a move still to start.
  public var waiting: Bool
  public var missedHomes: Int
  public var unexpectedHomes: Int
  public var fault: ModuleFault?
  /// The spool's steps per revolution as measured between two home edges (nil: not yet, or
  /// not a stepped module), and the last home edge against where it was expected.
  public var measuredRevolution: Int?
  public var homeError: Int

  /// The one way a status is made: from an executor's report of the module and its fault.
  public init(_ report: ModuleReport, fault: ModuleFault?) {
    mode = report.mode
    flap = report.flap < 0 ? nil : report.flap
    moving = report.moving
    waiting = report.waiting
    missedHomes = report.missedHomes
    unexpectedHomes = report.unexpectedHomes
    self.fault = fault
    measuredRevolution = report.measuredRevolution > 0 ? report.measuredRevolution : nil
    homeError = report.homeError
  }
}
