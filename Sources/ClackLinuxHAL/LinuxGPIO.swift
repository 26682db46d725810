#if GPIOD && canImport(CGPIOD)
  import CGPIOD
  import ClackHAL
  #if canImport(Glibc)
    import Glibc
  #endif

  /// GPIO through Linux's character devices (`/dev/gpiochipN`) and libgpiod 1.6 or 2.x, which
  /// ever the system has (opened at run time, on first use).
  public struct LinuxGPIOController: GPIOController {
    public let devDirectory: String

    public init(devDirectory: String = "/dev") {
      self.devDirectory = devDirectory
    }

    /// Which libgpiod API was opened (1 or 2); 0 when none could be (`libgpiodLoadError`).
    public static var libgpiodAPIVersion: Int { Int(clack_gpiod_api_version()) }

    /// Why no libgpiod could be opened, naming what to install; nil when one was.
    public static var libgpiodLoadError: String? {
      clack_gpiod_load_error().map { String(cString: $0) }
    }

    /// Fails when no libgpiod could be opened, with the loader's reason.
    private func requireLibrary(device: String) throws(HALError) {
      guard let reason = Self.libgpiodLoadError else { return }
      throw HALError(kind: .unsupported, device: device, message: reason)
    }

    public func chips() throws(HALError) -> [GPIOChipInfo] {
      try requireLibrary(device: devDirectory)
      var seen = Set<String>()
      var chips: [GPIOChipInfo] = []
      for path in DeviceDirectory.numberedEntries(in: devDirectory, prefix: "gpiochip") {
        // The Pi 5 links gpiochip4 to gpiochip0: list each chip once.
        guard seen.insert(DeviceDirectory.canonical(path)).inserted else { continue }
        var label = [CChar](repeating: 0, count: 64)
        var lines: UInt32 = 0
        let rv = clack_gpio_chip_info(path, &label, label.count, &lines)
        if rv < 0 {
          throw HALError.fromErrno(rv, operation: .open(.gpio), device: path)
        }
        chips.append(
          GPIOChipInfo(path: path, label: string(fromCBuffer: label), lineCount: Int(lines)))
      }
      return chips
    }

    /// The device path for a selector, or `notFound` listing the chips that exist.
    public func path(for selector: GPIOChipSelector) throws(HALError) -> String {
      switch selector {
      case .path(let path):
        return path
      case .label(let label):
        let present = try chips()
        if let chip = present.first(where: { $0.label == label }) { return chip.path }
        throw HALError.noChipLabelled(label, chips: present, directory: devDirectory)
      }
    }

    public func requestLines(_ request: GPIOLineRequest) throws(HALError) -> LinuxGPIOLines {
      let path = try path(for: request.chip)
      try requireLibrary(device: path)
      try request.validate(device: path)
      let settings = request.lines.map { line in
        clack_gpio_line_settings(
          offset: line.offset,
          direction: line.direction == .output ? Int32(CLACK_GPIO_OUTPUT) : Int32(CLACK_GPIO_INPUT),
          bias: Self.code(line.bias), edge: Self.code(line.edge),
          initial_value: line.initialValue ? 1 : 0)
      }
      var error: Int32 = 0
      let handle = settings.withUnsafeBufferPointer { buffer in
        clack_gpio_request_lines(
          path, request.consumer, buffer.baseAddress, UInt32(buffer.count), &error)
      }
      guard let handle else { throw explain(error, request: request, path: path) }
      return LinuxGPIOLines(handle: handle, request: request, device: path)
    }

    /// Turns a failed request into the most specific error: which line is busy and who holds
    /// it, or which chips exist when the path is wrong.
    private func explain(_ error: Int32, request: GPIOLineRequest, path: String) -> HALError {
      let e = -error
      if e == LinuxErrno.EBUSY {
        for line in request.lines {
          var consumer = [CChar](repeating: 0, count: 64)
          var used: Int32 = 0
          if clack_gpio_line_consumer(path, line.offset, &consumer, consumer.count, &used) == 0,
            used != 0
          {
            return HALError.lineBusy(
              offset: line.offset, device: path, consumer: string(fromCBuffer: consumer), errno: e)
          }
        }
      }
      if e == LinuxErrno.ENOENT || e == LinuxErrno.ENODEV {
        return HALError.noChip(at: path, chips: (try? chips()) ?? [], errno: e)
      }
      if e == LinuxErrno.EACCES || e == LinuxErrno.EPERM {
        return HALError.fromErrno(error, operation: .open(.gpio), device: path)
      }
      return HALError.fromErrno(
        error, operation: .gpioRequest(offsets: request.lines.map(\.offset)), device: path)
    }

    static func code(_ bias: GPIOBias) -> Int32 {
      switch bias {
      case .asIs: Int32(CLACK_GPIO_BIAS_AS_IS)
      case .disabled: Int32(CLACK_GPIO_BIAS_DISABLED)
      case .pullUp: Int32(CLACK_GPIO_BIAS_PULL_UP)
      case .pullDown: Int32(CLACK_GPIO_BIAS_PULL_DOWN)
      }
    }

    static func code(_ edge: GPIOEdge) -> Int32 {
      switch edge {
      case .none: Int32(CLACK_GPIO_EDGE_NONE)
      case .rising: Int32(CLACK_GPIO_EDGE_RISING)
      case .falling: Int32(CLACK_GPIO_EDGE_FALLING)
      case .both: Int32(CLACK_GPIO_EDGE_BOTH)
      }
    }
  }

  /// Lines held through libgpiod. Setting and reading values neither allocates nor locks.
  public final class LinuxGPIOLines: GPIOLines {
    public let request: GPIOLineRequest
    public let device: String
    private var handle: OpaquePointer?

    init(handle: OpaquePointer, request: GPIOLineRequest, device: String) {
      self.handle = handle
      self.request = request
      self.device = device
    }

    deinit { clack_gpio_release(handle) }

    private func live() throws(HALError) -> OpaquePointer {
      guard let handle else {
        throw HALError(
          kind: .invalidArgument, device: device,
          message: "the lines on \(device) were already released")
      }
      return handle
    }

    public func setValues(_ mask: UInt64) throws(HALError) {
      let rv = clack_gpio_set_values(try live(), mask)
      if rv < 0 { throw HALError.fromErrno(rv, operation: .gpioIO, device: device) }
    }

    public func values() throws(HALError) -> UInt64 {
      var mask: UInt64 = 0
      let rv = clack_gpio_get_values(try live(), &mask)
      if rv < 0 { throw HALError.fromErrno(rv, operation: .gpioIO, device: device) }
      return mask
    }

    public func waitForEdge(timeout: Duration) throws(HALError) -> GPIOEdgeEvent? {
      let (seconds, attoseconds) = timeout.components
      let nanoseconds = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
      var raw = clack_gpio_edge()
      let rv = clack_gpio_wait_edge(try live(), nanoseconds, &raw)
      if rv < 0 {
        if -rv == LinuxErrno.EINVAL {
          throw HALError(
            kind: .invalidArgument, device: device,
            message: "no line of this request on \(device) was requested with edge detection")
        }
        throw HALError.fromErrno(rv, operation: .gpioIO, device: device)
      }
      guard rv == 1 else { return nil }
      let index = request.lines.firstIndex { $0.offset == raw.offset } ?? -1
      return GPIOEdgeEvent(
        lineIndex: index, offset: raw.offset, rising: raw.rising != 0,
        timestampNanoseconds: raw.timestamp_ns)
    }

    public func release() {
      clack_gpio_release(handle)
      handle = nil
    }
  }
#endif
