#if I2C && canImport(CI2C)
  import CI2C
  import ClackHAL
  #if canImport(Glibc)
    import Glibc
  #endif

  /// An I2C bus through Linux's i2c-dev (`/dev/i2c-N`): libi2c for SMBus transactions,
  /// `I2C_RDWR` for plain transfers, and `I2C_FUNCS` asked once at open.
  public final class LinuxI2CBus: I2CBus {
    public let name: String
    public let capabilities: I2CCapabilities
    private var fd: Int32
    /// The address selected with I2C_SLAVE, so consecutive transactions skip the ioctl.
    private var selected: UInt8?

    /// A bus present on the machine: its device node and the adapter's name from sysfs.
    public struct Adapter: Sendable, Hashable, CustomStringConvertible {
      public let path: String
      public let adapterName: String
      public var description: String { "\(path) '\(adapterName)'" }
    }

    public init(path: String) throws(HALError) {
      let fd = clack_i2c_open(path)
      guard fd >= 0 else {
        if -fd == LinuxErrno.ENOENT || -fd == LinuxErrno.ENODEV {
          throw HALError.noI2CBus(at: path, present: Self.adapters().map(\.description), errno: -fd)
        }
        throw HALError.fromErrno(fd, operation: .open(.i2c), device: path)
      }
      var functions: UInt = 0
      let rv = clack_i2c_functions(fd, &functions)
      guard rv >= 0 else {
        _ = clack_i2c_close(fd)
        throw HALError.fromErrno(rv, operation: .configure("I2C_FUNCS"), device: path)
      }
      self.fd = fd
      self.name = path
      self.capabilities = I2CCapabilities(rawValue: UInt64(functions))
    }

    deinit { if fd >= 0 { _ = clack_i2c_close(fd) } }

    /// Every `/dev/i2c-N` with its adapter name (from /sys/class/i2c-dev/i2c-N/name).
    public static func adapters(dev: String = "/dev", sysfs: String = "/sys/class/i2c-dev")
      -> [Adapter]
    {
      DeviceDirectory.numberedEntries(in: dev, prefix: "i2c-").map { path in
        let node = path.split(separator: "/").last.map(String.init) ?? path
        return Adapter(
          path: path, adapterName: DeviceDirectory.readLine("\(sysfs)/\(node)/name") ?? "?")
      }
    }

    /// Opens the bus whose adapter has this name (such as "SMBus stub driver").
    public static func open(adapterNamed adapterName: String) throws(HALError) -> LinuxI2CBus {
      let present = adapters()
      guard let adapter = present.first(where: { $0.adapterName == adapterName }) else {
        throw HALError(
          kind: .notFound, device: "/dev",
          message: "no I2C adapter named '\(adapterName)'; buses present: "
            + (present.isEmpty ? "none" : present.map(\.description).joined(separator: ", ")))
      }
      return try LinuxI2CBus(path: adapter.path)
    }

    public func transfer(
      address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer
    ) throws(HALError) {
      try require(.plainI2C, "plain I2C transfers", address: address)
      guard write.count <= Int(UInt16.max), read.count <= Int(UInt16.max) else {
        throw HALError(
          kind: .invalidArgument, device: name,
          message: "an I2C transfer on \(name) moves at most 65535 bytes each way")
      }
      let rv = clack_i2c_transfer(
        fd, UInt16(address), write.baseAddress?.assumingMemoryBound(to: UInt8.self),
        UInt16(write.count),
        read.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt16(read.count))
      if rv < 0 { throw HALError.fromErrno(rv, operation: .i2c(address: address), device: name) }
    }

    public func smbus(
      address: UInt8, _ transaction: SMBusTransaction, buffer: UnsafeMutableRawBufferPointer
    ) throws(HALError) -> UInt16 {
      try select(address)
      let bytes = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
      let result: Int32
      switch transaction {
      case .sendByte(let byte):
        try require(.smbusByte, "SMBus send byte", address: address)
        result = i2c_smbus_write_byte(fd, byte)
      case .receiveByte:
        try require(.smbusByte, "SMBus receive byte", address: address)
        result = i2c_smbus_read_byte(fd)
      case .readByteData(let register):
        try require(.smbusByteData, "SMBus byte reads", address: address)
        result = i2c_smbus_read_byte_data(fd, register)
      case .writeByteData(let register, let value):
        try require(.smbusByteData, "SMBus byte writes", address: address)
        result = i2c_smbus_write_byte_data(fd, register, value)
      case .readWordData(let register):
        try require(.smbusWordData, "SMBus word reads", address: address)
        result = i2c_smbus_read_word_data(fd, register)
      case .writeWordData(let register, let value):
        try require(.smbusWordData, "SMBus word writes", address: address)
        result = i2c_smbus_write_word_data(fd, register, value)
      case .readI2CBlock(let register, let count):
        try require(.smbusI2CBlock, "I2C block reads", address: address)
        try checkBlock(count, buffer: buffer, address: address)
        result = i2c_smbus_read_i2c_block_data(fd, register, UInt8(count), bytes)
        if result >= 0 && Int(result) != count {
          throw HALError(
            kind: .busError, device: name,
            message: "short read from \(hex(address)) on \(name): \(result) of \(count) bytes")
        }
      case .writeI2CBlock(let register, let count):
        try require(.smbusI2CBlock, "I2C block writes", address: address)
        try checkBlock(count, buffer: buffer, address: address)
        result = i2c_smbus_write_i2c_block_data(fd, register, UInt8(count), bytes)
      }
      if result < 0 {
        throw HALError.fromErrno(result, operation: .i2c(address: address), device: name)
      }
      switch transaction {
      case .receiveByte, .readByteData, .readWordData: return UInt16(truncatingIfNeeded: result)
      default: return 0
      }
    }

    private func select(_ address: UInt8) throws(HALError) {
      guard selected != address else { return }
      selected = nil
      let rv = clack_i2c_select(fd, UInt32(address))
      if rv < 0 { throw HALError.fromErrno(rv, operation: .i2c(address: address), device: name) }
      selected = address
    }

    private func require(_ needed: I2CCapabilities, _ what: String, address: UInt8) throws(HALError)
    {
      guard capabilities.contains(needed) else {
        throw HALError.unsupported(what, bus: name, address: address, capabilities: capabilities)
      }
    }

    private func checkBlock(_ count: Int, buffer: UnsafeMutableRawBufferPointer, address: UInt8)
      throws(HALError)
    {
      // libi2c silently truncates blocks at 32 bytes: refuse instead of losing data.
      guard (1...32).contains(count), buffer.count >= count else {
        throw HALError(
          kind: .invalidArgument, device: name,
          message:
            "an I2C block transfer to \(hex(address)) moves 1-32 bytes from a buffer that large, not \(count)"
        )
      }
    }
  }
#endif
