import ClackCore
import Foundation

/// What a wall's members say to their leader over the broker (docs/walls.md): each member's
/// status, retained (its last will says `{"online": false}`), and the clock probes.
///
///     {"online": true, "term": 3, "seq": 41, "landed_ms": 1.8,
///      "faults": ["module 3: no home pulse"],
///      "clock": {"offset_ms": 0.4, "uncertainty_ms": 0.9, "in_tolerance": true}}
public enum WallStatusWire {
  public static func json(_ report: WallMemberReport) -> JSONValue {
    var object: [String: JSONValue] = [
      "online": .bool(report.online), "faults": .array(report.faults.map(JSONValue.string)),
    ]
    if let shown = report.shown {
      object["term"] = .int(shown.term)
      object["seq"] = .int(shown.sequence)
    }
    if let landed = report.landedMilliseconds { object["landed_ms"] = .double(rounded(landed)) }
    switch report.clock {
    case .unknown: break
    case .inTolerance(let offset), .outOfTolerance(let offset):
      object["clock"] = .object([
        "offset_ms": .double(rounded(offset * 1000)),
        "in_tolerance": .bool(report.clock == .inTolerance(offset)),
      ])
    }
    return .object(object)
  }

  public static func data(_ report: WallMemberReport) -> Data { WireJSON.encode(json(report)) }

  /// The last will, which the broker publishes for a member that drops off.
  public static let offline = Data(#"{"online":false}"#.utf8)

  private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

  /// Reads a member's status; nil when it is not one (logged by the caller).
  public static func report(_ data: Data) throws(WallWireError) -> WallMemberReport {
    guard case .object(let object)? = JSONValue.parse(data) else {
      throw WallWireError(field: "", message: "not a JSON object")
    }
    let reader = WallFieldReader(object: object, path: "")
    var report = WallMemberReport(online: try reader.bool("online"))
    if object["term"] != nil || object["seq"] != nil {
      report.shown = WallFrameStamp(
        term: try reader.int("term", in: 0...Int.max),
        sequence: try reader.int("seq", in: 0...Int.max))
    }
    if case .array(let faults)? = object["faults"] {
      report.faults = faults.prefix(32).compactMap {
        if case .string(let s) = $0 { s } else { nil }
      }
    }
    report.landedMilliseconds = number(object["landed_ms"])
    if case .object(let clock)? = object["clock"], let offset = number(clock["offset_ms"]) {
      let inTolerance = clock["in_tolerance"] != .bool(false)
      report.clock = inTolerance ? .inTolerance(offset / 1000) : .outOfTolerance(offset / 1000)
    }
    return report
  }

  static func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .int(let number): Double(number)
    case .double(let number) where number.isFinite: number
    default: nil
    }
  }
}

/// A member's clock probe and its leader's answer (NTP's four times, in microseconds since
/// 1970 on each side's clock): `{"t1": …}` out, `{"t1": …, "t2": …, "t3": …}` back.
public enum WallProbeWire {
  public static func probe(sent: Date) -> Data {
    WireJSON.encode(JSONValue.object(["t1": .int(WallFrameWire.microseconds(sent))]))
  }

  /// The probe's `t1`, read by the leader.
  public static func sent(_ data: Data) throws(WallWireError) -> Int {
    guard case .object(let object)? = JSONValue.parse(data) else {
      throw WallWireError(field: "", message: "not a JSON object")
    }
    return try WallFieldReader(object: object, path: "").int("t1", in: 0...Int.max)
  }

  public static func answer(sent: Int, received: Date, answered: Date) -> Data {
    WireJSON.encode(
      JSONValue.object([
        "t1": .int(sent), "t2": .int(WallFrameWire.microseconds(received)),
        "t3": .int(WallFrameWire.microseconds(answered)),
      ]))
  }

  /// The sample an answer makes, with `returned` the member's clock when it came back.
  public static func sample(_ data: Data, returned: Date) throws(WallWireError) -> ClockOffsetSample
  {
    guard case .object(let object)? = JSONValue.parse(data) else {
      throw WallWireError(field: "", message: "not a JSON object")
    }
    let reader = WallFieldReader(object: object, path: "")
    return ClockOffsetSample(
      sent: Double(try reader.int("t1", in: 0...Int.max)) / 1e6,
      received: Double(try reader.int("t2", in: 0...Int.max)) / 1e6,
      answered: Double(try reader.int("t3", in: 0...Int.max)) / 1e6,
      returned: returned.timeIntervalSince1970)
  }
}
