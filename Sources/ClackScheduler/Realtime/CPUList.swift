/// The kernel's CPU list format (`0-3,6`), as in `/proc/irq/N/smp_affinity_list`.
public enum CPUList {
  /// The CPUs `text` names; nil when it is not a CPU list.
  public static func parse(_ text: some StringProtocol) -> Set<Int>? {
    let trimmed = text.split(whereSeparator: \.isWhitespace).joined()
    guard !trimmed.isEmpty else { return nil }
    var cpus: Set<Int> = []
    for part in trimmed.split(separator: ",") {
      let ends = part.split(separator: "-", omittingEmptySubsequences: false)
      guard ends.count <= 2, let low = Int(ends[0]), low >= 0 else { return nil }
      let high = ends.count == 2 ? Int(ends[1]) : low
      guard let high, high >= low else { return nil }
      cpus.formUnion(low...high)
    }
    return cpus
  }

  /// `cpus` as a list, runs shortened (`[0, 1, 2, 5]` is `0-2,5`).
  public static func format(_ cpus: Set<Int>) -> String {
    var runs: [String] = []
    var sorted = cpus.sorted()[...]
    while let low = sorted.popFirst() {
      var high = low
      while sorted.first == high + 1 { high = sorted.removeFirst() }
      runs.append(high == low ? "\(low)" : "\(low)-\(high)")
    }
    return runs.joined(separator: ",")
  }
}
