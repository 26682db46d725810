import ClackAPI
import ClackRuntime
import Foundation

extension PagesView {
  public init(_ report: RunOfShowReport) {
    self.init(
      pages: report.pages.map(PageView.init),
      runOfShow: report.entries.map { entry in
        RunOfShowEntryView(
          index: entry.index, page: entry.entry.pageName, show: entry.entry.label,
          zone: entry.entry.zone, cadence: entry.entry.cadenceText,
          cadenceKind: entry.entry.cadenceKind, holdSeconds: entry.hold,
          onShow: entry.onShow, waiting: entry.waiting, nextShowAt: entry.nextShow,
          nextShow: entry.nextShow.map {
            entry.onShow ? "now" : LocalTimeText.describe($0, now: report.now, in: report.timeZone)
          })
      }, source: report.source.wireName, setAside: report.source.setAsideReason,
      time: report.now, timeZone: report.timeZone.identifier)
  }
}

extension RunOfShowSource {
  /// `set` for a run of show set at run time, else `config`: the wire's `source`.
  public var wireName: String { self == .setAtRunTime ? "set" : "config" }

  /// Why the one set at run time is set aside, if it is: the wire's `set_aside`.
  public var setAsideReason: String? {
    if case .setAside(let why) = self { why } else { nil }
  }
}

extension PageView {
  public init(_ page: Page) {
    let template: String? =
      if case .text(let text, _, _) = page.template { text } else { nil }
    self.init(
      name: page.name, kind: template == nil ? "vbml" : "text", template: template,
      fields: page.allFields.keys.sorted())
  }
}

extension PagePreviewView {
  public init(_ preview: PagePreview) {
    self.init(
      page: preview.page.name, zone: preview.zone.name, at: preview.at,
      rows: try? preview.frame.codes(),
      lines: preview.frame.notations().map { $0.joined() }, fields: preview.fields)
  }
}
