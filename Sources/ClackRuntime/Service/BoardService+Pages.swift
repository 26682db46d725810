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
