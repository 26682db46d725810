// The standard library's withUnsafe…Bytes are untyped-rethrows; these keep HALError typed by
// carrying it out of the closure in a Result.
extension Array where Element == UInt8 {
  public func withBytes<R>(
    _ body: (UnsafeRawBufferPointer) throws(HALError) -> R
  ) throws(HALError) -> R {
    try withUnsafeBytes { raw in Result { () throws(HALError) in try body(raw) } }.get()
  }

  public mutating func withMutableBytes<R>(
    _ body: (UnsafeMutableRawBufferPointer) throws(HALError) -> R
  ) throws(HALError) -> R {
    try withUnsafeMutableBytes { raw in Result { () throws(HALError) in try body(raw) } }.get()
  }
}
