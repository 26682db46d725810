import Foundation

/// The run of show and its pages, for the faces.
extension BoardService {
  /// Every entry of the run of show with what it is doing and when it shows next.
  public func runOfShow() async -> RunOfShowReport {
    var report = await display.runOfShow()
    report.source = settings.runOfShowSource
    return report
  }

  /// Page `name` as it would be drawn at `at` (now when nil).
  public func previewPage(_ name: String, at: Date? = nil) async throws(ServiceError)
    -> PagePreview
  {
    do { return try await display.preview(page: name, at: at) } catch { throw .page(error) }
  }
}

extension BoardService {
  /// The first zone (`main` on an unsplit board): the one whose page the MQTT face reports.
  public var firstZone: String { display.zones[0].name }

  /// The pages the run of show shows, in its order, each once: what a face offers to switch
  /// to.
  public var pagesInRunOfShow: [String] { settings.current.pagesInRunOfShow }

  /// What the board shows, or is turning to, as a PNG (`clack render --png`'s picture; a
  /// panel's LEDs): Home Assistant's image entity.
  public func picture() async -> [UInt8]? { await display.picture() }
}
