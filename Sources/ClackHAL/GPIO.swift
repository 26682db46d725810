/// How to find a GPIO chip. Prefer the label: chip numbers move between boards and kernels.
public enum GPIOChipSelector: Hashable, Sendable, CustomStringConvertible {
  case label(String)
  case path(String)

  public var description: String {
    switch self {
    case .label(let label): "the chip labelled '\(label)'"
    case .path(let path): path
    }
  }
}

public enum GPIODirection: Sendable, Hashable { case input, output }
public enum GPIOBias: Sendable, Hashable { case asIs, disabled, pullUp, pullDown }
public enum GPIOEdge: Sendable, Hashable { case none, rising, falling, both }

/// One line of a request.
public struct GPIOLineConfig: Sendable, Hashable {
  public var offset: UInt32
  public var direction: GPIODirection
  public var bias: GPIOBias
  /// Edges to report through `waitForEdge` (inputs only).
  public var edge: GPIOEdge
  /// The level an output takes as soon as it is requested.
  public var initialValue: Bool

  public static func output(_ offset: UInt32, initial: Bool = false) -> GPIOLineConfig {
    GPIOLineConfig(
      offset: offset, direction: .output, bias: .asIs, edge: .none, initialValue: initial)
  }

  public static func input(_ offset: UInt32, bias: GPIOBias = .asIs, edge: GPIOEdge = .none)
    -> GPIOLineConfig
  {
    GPIOLineConfig(offset: offset, direction: .input, bias: bias, edge: edge, initialValue: false)
  }
}

/// A set of lines to request together on one chip. Values are exchanged as bit masks: bit i is
/// `lines[i]`, so one call sets or reads every line without allocating.
public struct GPIOLineRequest: Sendable, Hashable {
  public static let maxLines = 64

  public var chip: GPIOChipSelector
  /// Shown by `gpioinfo` and in "line busy" errors of other programs.
  public var consumer: String
  public var lines: [GPIOLineConfig]

  public init(chip: GPIOChipSelector, consumer: String, lines: [GPIOLineConfig]) {
    self.chip = chip
    self.consumer = consumer
    self.lines = lines
  }

  /// Checks what a backend cannot: a sane count, unique offsets, edges only on inputs.
  public func validate(device: String) throws(HALError) {
    func invalid(_ message: String) -> HALError {
      HALError(kind: .invalidArgument, device: device, message: message)
    }
    guard !lines.isEmpty else { throw invalid("a GPIO request needs at least one line") }
    guard lines.count <= GPIOLineRequest.maxLines else {
      throw invalid(
        "a GPIO request takes at most \(GPIOLineRequest.maxLines) lines, not \(lines.count)")
    }
    var seen = Set<UInt32>()
    for line in lines {
      guard seen.insert(line.offset).inserted else {
        throw invalid("line \(line.offset) is listed twice in one request on \(device)")
      }
      if line.direction == .output && line.edge != .none {
        throw invalid("line \(line.offset) on \(device): edge detection needs an input line")
      }
    }
  }

}

/// An edge seen on a requested input line.
public struct GPIOEdgeEvent: Sendable, Hashable {
  /// Position of the line in the request.
  public let lineIndex: Int
  public let offset: UInt32
  public let rising: Bool
  /// Kernel timestamp (monotonic clock), in nanoseconds.
  public let timestampNanoseconds: UInt64

  public init(lineIndex: Int, offset: UInt32, rising: Bool, timestampNanoseconds: UInt64) {
    self.lineIndex = lineIndex
    self.offset = offset
    self.rising = rising
    self.timestampNanoseconds = timestampNanoseconds
  }
}

/// Lines held by a request. Releasing them (or dropping the object) gives them back.
public protocol GPIOLines: AnyObject {
  var request: GPIOLineRequest { get }
  /// The device the lines are on, for messages.
  var device: String { get }
  /// Drives every output line at once: bit i is `request.lines[i]`. Bits of inputs are ignored.
  func setValues(_ mask: UInt64) throws(HALError)
  /// Reads every line at once (outputs read back their driven level).
  func values() throws(HALError) -> UInt64
  /// The next edge on a line requested with edge detection, or nil after `timeout`.
  func waitForEdge(timeout: Duration) throws(HALError) -> GPIOEdgeEvent?
  func release()
}

/// A GPIO chip as listed to the user.
public struct GPIOChipInfo: Sendable, Hashable, CustomStringConvertible {
  public let path: String
  public let label: String
  public let lineCount: Int

  public init(path: String, label: String, lineCount: Int) {
    self.path = path
    self.label = label
    self.lineCount = lineCount
  }

  public var description: String { "\(path) '\(label)' (\(lineCount) lines)" }
}

/// Where GPIO lines come from: Linux's GPIO character devices, or the simulated hardware.
public protocol GPIOController {
  associatedtype Lines: GPIOLines
  /// Every chip present.
  func chips() throws(HALError) -> [GPIOChipInfo]
  /// Requests lines; fails with `notFound` (listing the chips present), `busy` (naming the
  /// consumer), `permissionDenied` (naming the group) or `invalidArgument`.
  func requestLines(_ request: GPIOLineRequest) throws(HALError) -> Lines
}
