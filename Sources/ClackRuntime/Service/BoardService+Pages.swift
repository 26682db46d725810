import Foundation

/// The run of show and its pages, for the faces.
extension BoardService {
  /// Every entry of the run of show with what it is doing and when it shows next.
  public func runOfShow() async -> RunOfShowReport { await display.runOfShow() }

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
  public var pagesInRunOfShow: [String] {
    var names: [String] = []
    for case let name? in settings.current.schedules.map(\.pageName) where !names.contains(name) {
      names.append(name)
    }
    return names
  }

  /// What the board shows, or is turning to, as a PNG (`clack render --png`'s picture; a
  /// panel's LEDs): Home Assistant's image entity.
  public func picture() async -> [UInt8]? { await display.picture() }
}
