import ClackContent
import ClackStore
import Foundation

/// Setting the run of show at run time, in place of the config's.
extension BoardService {
  /// Puts `items` in place of the config's run of show (its `schedules` and `run_of_show`
  /// together). It is kept in the store before the answer, so it outlives a restart and a
  /// reload, and applies from the next decision; entries start afresh, as after a reload.
  /// Refused, naming the entry and field, when a page, zone, cadence or script is wrong.
  public func setRunOfShow(_ items: [RunOfShowItem]) async throws(ServiceError)
    -> RunOfShowReport
  {
    let zones = display.zones.map(\.name)
    do {
      _ = try settings.configured.resolveRunOfShow(items, zones: zones, board: display.board)
    } catch {
      throw .runOfShow(error)
    }
    let now = clock.now()
    try await write { store throws(StoreError) in try store.save(.runOfShow, items, at: now) }
    settings.setRunOfShow(items, zones: zones, board: display.board)
    await display.reload(settings.current)
    return await runOfShow()
  }

  /// The run of show set at run time, as it was written; nil when the config's applies.
  public var setRunOfShow: [RunOfShowItem]? { settings.setRunOfShow }

  /// Whose run of show is on the board: the config's, one set at run time, or the config's
  /// while the one set does not fit it.
  public var runOfShowSource: RunOfShowSource { settings.runOfShowSource }

  /// Forgets the run of show set at run time: the config's applies again.
  public func resetRunOfShow() async throws(ServiceError) -> RunOfShowReport {
    try await write { store throws(StoreError) in try store.forget(.runOfShow) }
    settings.setRunOfShow(nil, zones: display.zones.map(\.name), board: display.board)
    await display.reload(settings.current)
    return await runOfShow()
  }
}
