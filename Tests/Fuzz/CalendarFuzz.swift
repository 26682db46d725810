// A libFuzzer target (scripts/fuzz.sh): an iCalendar file's bytes as a calendar source reads
// them (ClackSourceFormats: libical's parser and recurrence iterator, the expansion into a
// window). Built by the script with `-sanitize=fuzzer,address` from the files it names.
import Foundation

/// Reads `bytes` as the daemon reads a fetched calendar, expanded over five weeks. A crash,
/// a hang or a memory error here is a bug; a CalendarError is not.
func readAsCalendar(_ bytes: Data) {
  let now = Date(timeIntervalSince1970: 1_795_651_200)  // 2026-11-26, a fixed moment
  guard
    let found = try? CalendarReader.occurrences(
      in: bytes, from: now - 86_400, to: now + 35 * 86_400,
      timeZone: TimeZone(identifier: "Europe/Berlin")!)
  else { return }
  precondition(found.count <= CalendarReader.maxOccurrences, "more occurrences than kept")
  for occurrence in found {
    precondition(occurrence.end >= occurrence.start || occurrence.allDay, "an end before its start")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  readAsCalendar(Data(bytes: data, count: size))
  return 0
}
