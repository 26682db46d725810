import ClackCore

extension BoardDefinition {
  /// The flap index each module must show for `frame`, in module order; nil when the frame has
  /// another size or a symbol the flap set lacks.
  public func flaps(for frame: Frame) -> [Int]? {
    guard frame.rows == rows, frame.cols == cols else { return nil }
    var flaps: [Int] = []
    flaps.reserveCapacity(moduleCount)
    for module in 0..<moduleCount {
      let cell = order.cell(ofModule: module, rows: rows, cols: cols)
      guard let index = flapSet.index(of: frame[cell.row, cell.col]) else { return nil }
      flaps.append(index)
    }
    return flaps
  }
}
