import ClackAPI
import ClackRuntime

// Calibration in the API's JSON, and the API's steps as the service's.

extension CalibrationView {
  public init(_ reading: CalibrationReading) {
    self.init(
      active: reading.active, stage: reading.stage?.rawValue,
      showing: reading.showing.map { frame in frame.notations().map { $0.joined() } },
      offsets: reading.offsets, changed: reading.changed, rounds: reading.rounds,
      stepsPerFlap: reading.stepsPerFlap, available: reading.available)
  }
}

extension CalibrationStep {
  public init(_ action: CalibrationAction) {
    switch action {
    case .start: self = .start
    case .shown(let rows): self = .shown(rows: rows)
    case .nudge(let row, let col, let steps): self = .nudge(row: row, col: col, steps: steps)
    case .pattern: self = .pattern
    case .end: self = .end
    }
  }
}
