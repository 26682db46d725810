import Foundation

/// The fuzz targets' inputs (Tests/Fuzz, scripts/fuzz.sh): their seeds (`corpus/TARGET`) and
/// every input that ever crashed one (`regressions/TARGET`), which the unit tests replay.
public enum FuzzInputs {
  public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fuzz").standardized

  /// The files of `folder` (such as `corpus/feed`), dotfiles left out, by name.
  public static func files(_ folder: String) -> [URL] {
    let folder = directory.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
  }
}
