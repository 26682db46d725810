import ClackBoard

extension FlapBoardPreview {
  /// `clack board check`'s line on a supply in amperes: what each module draws, and how many
  /// can move at once at full draw and while cruising.
  static func describeSupply(_ supply: PowerSupply, board: BoardDefinition) -> String {
    func amps(_ milliamps: Int) -> String { PowerSupply.amperes(milliamps) }
    let headroom = supply.headroomMilliamps(moduleCount: board.moduleCount)
    let cruising = min(
      board.movingLimit, headroom / max(1, supply.cruising - supply.idle), board.moduleCount)
    var line = "  power: a \(amps(supply.supplyMilliamps)) supply"
    if supply.reservedMilliamps > 0 { line += " (\(amps(supply.reservedMilliamps)) reserved)" }
    line += "; a module draws \(amps(supply.ramping)) ramping, \(amps(supply.cruising)) cruising, "
    line += "\(amps(supply.holding)) holding, \(amps(supply.idle)) at rest: "
    guard board.hardware?.isSmart != true else {
      // Smart modules ramp on their own, unseen: their plans count modules at full draw.
      return line + "\(board.maxMoving) at once (smart modules: counted at full draw)\n"
    }
    return line
      + "\(board.maxMoving) at full draw, up to \(cruising) while cruising (plans in amperes)\n"
  }
}
