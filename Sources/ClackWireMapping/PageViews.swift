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
    let fields = page.allFields.keys.sorted()
    switch page.template {
    case .text(let text, _, _):
      self.init(name: page.name, kind: "text", template: text, fields: fields)
    case .vbml:
      self.init(name: page.name, kind: "vbml", template: nil, fields: fields)
    case .picture:
      self.init(
        name: page.name, kind: "picture", template: nil, picture: PictureView(page), fields: [])
    }
  }
}

extension PictureView {
  /// A picture page's picture; nil for other pages.
  init?(_ page: Page) {
    guard case .picture(let picture, let file) = page.template else { return nil }
    self.init(
      file: file, width: picture.width, height: picture.height, frames: picture.frames.count,
      loopMilliseconds: picture.loopMilliseconds)
  }
}

extension PagePreviewView {
  public init(_ preview: PagePreview) {
    self.init(
      page: preview.page.name, zone: preview.zone.name, at: preview.at,
      rows: try? preview.frame.codes(),
      lines: preview.frame.notations().map { $0.joined() }, fields: preview.fields,
      picture: PictureView(preview.page))
  }
}
