// A libFuzzer target (scripts/fuzz.sh): a feed's bytes as a feed source reads them
// (ClackSourceFormats: libxml2's pull parser, the walk over RSS and Atom, dates, plain text).
// Built by the script with `-sanitize=fuzzer,address` from the files it names.
import Foundation

/// Reads `bytes` as the daemon reads a fetched feed. A crash, a hang or a memory error here
/// is a bug; a FeedError is not.
func readAsFeed(_ bytes: Data) {
  guard let feed = try? FeedReader.read(bytes) else { return }
  for item in feed.items {
    precondition(item.title.count <= Feed.maxTitle, "a title over its limit")
    precondition((item.summary?.count ?? 0) <= Feed.maxSummary, "a summary over its limit")
  }
  precondition(feed.items.count <= Feed.maxItems, "more items than kept")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  readAsFeed(Data(bytes: data, count: size))
  return 0
}
