/// The machine's device interrupts as `/proc/interrupts` lists them, with the CPUs each is
/// delivered to now (`/proc/irq/N/effective_affinity_list`): what the executor reads to choose
/// a CPU that devices leave alone (`CPUPlacement.awayFromDevices`). Pure: `InterruptSteering`
/// reads the files.
public struct DeviceInterrupts: Sendable, Hashable {
  /// One numbered line: a device's interrupt.
  public struct Line: Sendable, Hashable {
    public var number: Int
    /// The action's name, the line's last field (`virtio1-req.0`, `mmc1`).
    public var name: String
    /// Interrupts taken since boot, over every CPU.
    public var total: Int
    /// The CPUs it is delivered to now; empty where unknown.
    public var deliveredTo: Set<Int>

    public init(number: Int, name: String, total: Int, deliveredTo: Set<Int> = []) {
      self.number = number
      self.name = name
      self.total = total
      self.deliveredTo = deliveredTo
    }
  }

  /// The CPUs the table has a column for (the online ones).
  public var cpus: [Int]
  public var lines: [Line]

  public init(cpus: [Int], lines: [Line]) {
    self.cpus = cpus
    self.lines = lines
  }

  /// The numbered lines of `/proc/interrupts` (the header names the CPU columns; the lines
  /// without a number, such as `LOC:` and `IPI0:`, are the CPUs' own and are skipped).
  /// Delivery is left unknown, for `InterruptSteering` to fill in.
  public init(parsing text: String) {
    var rows = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
    guard let header = rows.popFirst() else {
      self.init(cpus: [], lines: [])
      return
    }
    let cpus = header.split(separator: " ").compactMap { field in
      field.hasPrefix("CPU") ? Int(field.dropFirst(3)) : nil
    }
    let columns = cpus.count
    var lines: [Line] = []
    for row in rows {
      let fields = row.split(separator: " ", omittingEmptySubsequences: true)
      guard let first = fields.first, first.hasSuffix(":"),
        let number = Int(first.dropLast())
      else { continue }
      let counts = fields.dropFirst().prefix(columns).prefix { Int($0) != nil }
      lines.append(
        Line(
          number: number, name: Self.name(fields.dropFirst(1 + counts.count)) ?? "irq \(number)",
          total: counts.reduce(0) { $0 + Int($1)! }))
    }
    self.init(cpus: cpus, lines: lines)
  }

  /// The last field after the chip's, with those before it that end in a comma: the devices
  /// sharing the line (`mmc1, mmc0`).
  private static func name(_ fields: ArraySlice<Substring>) -> String? {
    guard var start = fields.indices.last else { return nil }
    while start > fields.startIndex, fields[start - 1].hasSuffix(",") { start -= 1 }
    return fields[start...].joined(separator: " ")
  }

  /// Interrupts since boot of the devices delivered to `cpu` alone: each counts in full on
  /// the one CPU it goes to now, wherever it went before. One spread over several CPUs (a
  /// CPU's own timer, or where the delivery is unknown) counts on none.
  public func load(on cpu: Int) -> Int {
    lines.filter { $0.deliveredTo == [cpu] }.reduce(0) { $0 + $1.total }
  }

  /// The CPU of `allowed` whose devices interrupt least, the highest-numbered of equals (on a
  /// Raspberry Pi every device goes to CPU 0, so that is the last CPU); nil with fewer than
  /// two, where there is no choice to make.
  public func quietestCPU(among allowed: [Int]) -> Int? {
    guard allowed.count >= 2 else { return nil }
    return allowed.reversed().min { load(on: $0) < load(on: $1) }
  }
}
