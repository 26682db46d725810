import ClackBoard
import ClackHAL
import ClackHardware

extension Doctor {
  /// The chips, buses and device nodes the board needs: present, usable by the service's
  /// user, and (when the daemon does not hold them) answering.
  func devices(of board: BoardDefinition, daemonRunning: Bool) -> [DoctorFinding] {
    let needed = NeededDevice.needed(by: board)
    if let pixels = board.pixels, pixels.chips.kind == .flaschenTaschen, !pixels.simulatedOnly {
      return [
        .note(
          "board",
          "\(board.name) sends its frames over UDP to a FlaschenTaschen server at "
            + "\(pixels.chips.device): no device here; ft-server must run there "
            + "(docs/leds.md, \"HUB75 panels through FlaschenTaschen\")")
      ]
    }
    guard !needed.isEmpty else {
      return [.note("board", "\(board.name) only runs simulated: no hardware to check")]
    }
    let user = probe.serviceUser()
    var findings: [DoctorFinding] = []
    for device in needed {
      switch device {
      case .gpio(let chip, let lines):
        findings += gpio(chip: chip, lines: lines, user: user)
      case .i2c(let bus, let addresses, let clockHz):
        guard let usable = node(bus, as: device, user: user, into: &findings) else { continue }
        findings += i2cClock(bus: bus, fileHz: clockHz, board: board)
        guard usable, !daemonRunning else {
          findings.append(
            .note(
              "i2c",
              "\(bus): the daemon holds the bus, so addresses are not probed "
                + "(clack status shows module faults)"))
          continue
        }
        let silent = addresses.compactMap { address in
          probe.i2cProbe(bus: bus, address: address).map { (address, $0) }
        }
        for (address, error) in silent {
          findings.append(
            .problem(
              "i2c", "nothing answers at \(Self.hex(address)) on \(bus): \(error.message)",
              fix:
                "i2cdetect -y \(bus.split(separator: "-").last ?? "1") shows what answers; check the "
                + "wiring, the power and the address jumpers"))
        }
        if silent.isEmpty {
          findings.append(
            .ok("i2c", "\(bus): \(addresses.map(Self.hex).joined(separator: ", ")) answer"))
        }
      case .spi(let path):
        if node(path, as: device, user: user, into: &findings) == true {
          findings.append(.ok("spi", "\(path) is there"))
        }
        findings += spidevBuffer(board: board)
      }
    }
    return findings
  }

  /// A colour chain's frame goes in one transfer (split, a pause between the parts could
  /// latch half a frame), so it must fit spidev's buffer.
  private func spidevBuffer(board: BoardDefinition) -> [DoctorFinding] {
    guard let frame = board.pixels?.spiFrameBytes else { return [] }
    guard let buffer = probe.spidevBufferBytes() else {
      return [
        .note("spi", "spidev's buffer size cannot be read (the module is not loaded yet)")
      ]
    }
    guard frame > buffer else {
      return [.ok("spi", "a frame of \(frame) bytes fits spidev's \(buffer)-byte buffer")]
    }
    return [
      .problem(
        "spi",
        "a frame of the chain is \(frame) bytes, more than spidev's buffer of \(buffer) "
          + "(spidev.bufsiz): it cannot be sent in one transfer",
        fix:
          "add spidev.bufsiz=\(max(frame, 65_536)) to the one line of /boot/firmware/cmdline.txt, "
          + "then reboot")
    ]
  }

  /// The bus's clock on this machine against the board file's: a slower bus than the file
  /// says makes each tick's bus work longer than `clack board check` measured.
  private func i2cClock(bus: String, fileHz: Int, board: BoardDefinition) -> [DoctorFinding] {
    guard let machineHz = probe.i2cClockHz(bus: bus) else {
      return [
        .note(
          "i2c",
          "\(bus): its clock cannot be read here (no device-tree node); the board file says "
            + "\(Self.kilohertz(fileHz))")
      ]
    }
    guard machineHz < fileHz else {
      return [.ok("i2c", "\(bus) runs at \(Self.kilohertz(machineHz)), as the board file needs")]
    }
    let setting =
      bus.hasSuffix("i2c-1")
      ? "dtparam=i2c_arm_baudrate=\(fileHz)" : "the overlay's baudrate=\(fileHz) parameter"
    return [
      .problem(
        "i2c",
        "\(bus) runs at \(Self.kilohertz(machineHz)), but \(board.name) is measured at "
          + "\(Self.kilohertz(fileHz)) (clock_hz): its ticks would take longer than "
          + "'clack board check' found, and may overrun",
        fix: "add \(setting) to /boot/firmware/config.txt and reboot, or set clock_hz: "
          + "\(machineHz) in the board file and run clack board check on it")
    ]
  }

  static func kilohertz(_ hertz: Int) -> String {
    hertz % 1000 == 0 ? "\(hertz / 1000) kHz" : "\(hertz) Hz"
  }

  private func gpio(chip: String, lines: [Int], user: DoctorUser) -> [DoctorFinding] {
    let present: [GPIOChipInfo]
    switch probe.gpioChips() {
    case .success(let chips): present = chips
    case .failure(let error) where error.kind == .unsupported:
      // No libgpiod could be opened (it is loaded at run time, either API).
      return [
        .problem(
          "gpio", "cannot list the GPIO chips: \(error.message)",
          fix: "sudo apt install libgpiod2 (Debian 12, Raspberry Pi OS bookworm) or libgpiod3 "
            + "(Debian 13, trixie)")
      ]
    case .failure(let error):
      return [
        .problem(
          "gpio", "cannot list the GPIO chips: \(error.message)",
          fix: "sudo usermod -aG gpio \(user.name), then log in again (or restart the service)")
      ]
    }
    guard let found = present.first(where: { $0.path == chip || $0.label == chip }) else {
      guard !present.isEmpty else {
        return [
          .problem(
            "gpio", "no GPIO chip '\(chip)': this machine has no GPIO chips at all",
            fix: "run Clack on the Raspberry Pi the board is wired to (ls /dev/gpiochip* lists "
              + "the chips), or try the board with clack run --simulate")
        ]
      }
      let list = present.map { "\($0.label) (\($0.path), \($0.lineCount) lines)" }
      return [
        .problem(
          "gpio", "no GPIO chip '\(chip)'; present: \(list.joined(separator: ", "))",
          fix: "name one of those as the board file's chip (gpiodetect lists them)")
      ]
    }
    let beyond = lines.filter { $0 >= found.lineCount }.sorted()
    if !beyond.isEmpty {
      let which =
        beyond.count == 1
        ? "line \(beyond[0]) is" : "lines \(beyond.map(String.init).joined(separator: ", ")) are"
      return [
        .problem(
          "gpio", "\(which) past the last line of \(chip) (\(found.lineCount) lines)",
          fix: "correct the line numbers in the board file (gpioinfo \(found.path) lists them)")
      ]
    }
    var findings: [DoctorFinding] = []
    guard
      node(found.path, as: .gpio(chip: chip, lines: lines), user: user, into: &findings)
        == true
    else { return findings }
    return [
      .ok(
        "gpio",
        "\(chip) at \(found.path): lines \(lines.sorted().map(String.init).joined(separator: ","))")
    ]
  }

  /// Whether the node is there and usable (true), there but not usable (false, with the
  /// problem added), or missing (nil, with the problem added).
  private func node(
    _ path: String, as device: NeededDevice, user: DoctorUser, into findings: inout [DoctorFinding]
  ) -> Bool? {
    switch probe.access(path, for: user) {
    case .ok:
      return true
    case .missing:
      findings.append(Self.missing(path, device))
      return nil
    case .denied(let group, let mode):
      let text =
        "\(user.name) may not use \(path) (group \(group), mode \(String(mode, radix: 8)))"
      if group == device.group {
        findings.append(
          .problem(
            "permissions", text,
            fix: "sudo usermod -aG \(group) \(user.name), then "
              + (user.isService ? "sudo systemctl restart clack" : "log in again")))
      } else {
        findings.append(
          .problem(
            "permissions", text + "; it should belong to the \(device.group) group",
            fix: "sudo scripts/install-udev.sh (installs udev/60-clack.rules), or install the "
              + "Clack package, which brings the rules"))
      }
      return false
    }
  }

  static func missing(_ path: String, _ device: NeededDevice) -> DoctorFinding {
    switch device {
    case .i2c:
      .problem(
        "i2c", "no \(path)",
        fix: "sudo raspi-config nonint do_i2c 0 (or dtparam=i2c_arm=on in "
          + "/boot/firmware/config.txt), then reboot")
    case .spi:
      .problem(
        "spi", "no \(path)",
        fix: "sudo raspi-config nonint do_spi 0 (or dtparam=spi=on in /boot/firmware/config.txt), "
          + "then reboot")
    case .gpio:
      .problem("gpio", "no \(path)", fix: "check the board file's chip (gpiodetect lists them)")
    }
  }

  static func hex(_ address: Int) -> String {
    "0x" + (address < 16 ? "0" : "") + String(address, radix: 16)
  }
}
