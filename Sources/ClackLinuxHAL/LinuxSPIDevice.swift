#if os(Linux) && canImport(CSPIDev)
  import CSPIDev
  import ClackHAL

  /// An SPI device through Linux's spidev (`/dev/spidevB.C`).
  public final class LinuxSPIDevice: SPIDevice {
    public let name: String
    public let config: SPIConfig
    private let fd: Int32

    public init(path: String, config: SPIConfig = SPIConfig()) throws(HALError) {
      let fd = clack_spi_open(path)
      guard fd >= 0 else {
        if -fd == LinuxErrno.ENOENT {
          let present = DeviceDirectory.spidevNodes()
          throw HALError(
            kind: .notFound, device: path,
            message: "no SPI device at \(path); present: "
              + (present.isEmpty ? "none" : present.joined(separator: ", "))
              + ". On a Raspberry Pi, enable SPI with 'dtparam=spi=on' in config.txt",
            errno: -fd)
        }
        throw HALError.fromErrno(fd, operation: .open(.spi), device: path)
      }
      let rv = clack_spi_configure(fd, config.mode.rawValue, config.bitsPerWord, config.speedHz)
      guard rv >= 0 else {
        _ = clack_spi_close(fd)
        throw HALError.fromErrno(
          rv, operation: .configure("mode \(config.mode.rawValue), \(config.speedHz) Hz"),
          device: path)
      }
      self.fd = fd
      self.name = path
      self.config = config
    }

    deinit { _ = clack_spi_close(fd) }

    public func transfer(write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer)
      throws(HALError)
    {
      try HALError.checkSPILengths(write: write.count, read: read.count, device: name)
      guard write.count > 0 else { return }
      let rv = clack_spi_transfer(
        fd, write.baseAddress?.assumingMemoryBound(to: UInt8.self),
        read.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(write.count), config.speedHz,
        config.bitsPerWord)
      if -rv == LinuxErrno.EMSGSIZE {
        // spidev refuses a transfer longer than its buffer; a colour panel's frame must not
        // be split (a pause inside it can latch half a frame), so the buffer must grow.
        throw HALError(
          kind: .invalidArgument, device: name,
          message:
            "a transfer of \(write.count) bytes is longer than spidev's buffer "
            + "(/sys/module/spidev/parameters/bufsiz, 4096 unless set): add "
            + "'spidev.bufsiz=\(max(write.count, 65_536))' to /boot/firmware/cmdline.txt and reboot",
          errno: LinuxErrno.EMSGSIZE)
      }
      if rv < 0 { throw HALError.fromErrno(rv, operation: .spiTransfer, device: name) }
    }
  }

  extension DeviceDirectory {
    static func spidevNodes() -> [String] {
      entries(in: "/dev", prefix: "spidev").map { "/dev/" + $0 }
    }
  }
#endif
