// A libFuzzer target (scripts/fuzz.sh): the path syntax of a page's source fields and the
// JSON a source brings, as the daemon reads them. Built by the script with
// `-sanitize=fuzzer,address` from the ClackCore files it names, not by the package.
import Foundation

/// Reads `bytes` as the daemon would: the first line as a path, the rest as a source's JSON
/// document, which the path then picks from and a page shows. A crash, a hang or a memory
/// error here is a bug; an error thrown is not.
func readAsSourceData(_ bytes: Data) {
  let text = String(decoding: bytes, as: UTF8.self)
  let split = text.firstIndex(of: "\n") ?? text.endIndex
  let document = JSONValue.parse(Data(text[split...].utf8)) ?? .null
  if let path = try? JSONPath(String(text[..<split])) {
    _ = path.value(in: document)?.pageText
    _ = path.description
  } else {
    _ = document.pageText
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  readAsSourceData(Data(bytes: data, count: size))
  return 0
}
