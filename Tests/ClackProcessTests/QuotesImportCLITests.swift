import Foundation
import Testing

/// `clack quotes import` against the real daemon: CSV and JSON files, with per-row problems.
@Suite(.serialized) struct QuotesImportCLITests {
  @Test func csvAndJSONFilesAreImportedAndBadRowsNamed() async throws {
    let daemon = try DaemonProcess(port: 17329)
    try await daemon.start()
    let environment = ["CLACK_URL": daemon.base, "CLACK_KEY": daemon.key ?? ""]
    let csv = daemon.directory.appendingPathComponent("mine.csv")
    try "text,author\nSmall steps.,Ann\n,Nobody\n".write(to: csv, atomically: true, encoding: .utf8)
    let json = daemon.directory.appendingPathComponent("mine.JSON")
    try #"[{"text": "Keep it simple.", "author": "Bo"}, {"text": 3}]"#
      .write(to: json, atomically: true, encoding: .utf8)

    let fromCSV = try await DaemonProcess.runClack(
      ["quotes", "import", csv.path], environment: environment)
    #expect(fromCSV.status == 0, "\(fromCSV.output)")
    #expect(fromCSV.output.contains("imported 1 quotes, skipped 1"))
    #expect(fromCSV.output.contains("mine.csv: line 3"))
    let fromJSON = try await DaemonProcess.runClack(
      ["quotes", "import", json.path], environment: environment)
    #expect(fromJSON.status == 0, "\(fromJSON.output)")
    #expect(fromJSON.output.contains("imported 1 quotes, skipped 1"))
    #expect(fromJSON.output.contains("mine.JSON: entry 1"))

    let listed = try await DaemonProcess.runClack(["quotes", "list"], environment: environment)
    #expect(listed.output.contains("Small steps."))
    #expect(listed.output.contains("Keep it simple."))
    #expect(await daemon.stop() == 0)
  }
}
