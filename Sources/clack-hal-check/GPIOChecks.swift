#if GPIOD
  import ClackHAL
  import ClackLinuxHAL

  /// Checks of LinuxGPIOController against gpio-sim: chips by label, bulk outputs, inputs and
  /// pulls, bias, edge events, timeouts and busy lines.
  /// `expectedAPI`: the libgpiod API the VM was given (1 or 2), which the binary must have
  /// opened: the same binary runs in both.
  func runGPIOChecks(
    _ runner: CheckRunner, label: String, otherLabel: String, sim: SimulatedChip,
    expectedAPI: Int?
  ) {
    let gpio = LinuxGPIOController()
    let chip = GPIOChipSelector.label(label)
    print("INFO libgpiod API v\(LinuxGPIOController.libgpiodAPIVersion)")

    runner.check("gpio: libgpiod opened at run time, the API the system has") {
      if let reason = LinuxGPIOController.libgpiodLoadError { throw CheckFailure(reason) }
      if let expectedAPI {
        try expect(
          LinuxGPIOController.libgpiodAPIVersion == expectedAPI,
          "opened API v\(LinuxGPIOController.libgpiodAPIVersion), expected v\(expectedAPI)")
      }
    }

    runner.check("gpio: chip found by its label among several") {
      let chips = try gpio.chips()
      print("INFO chips: \(chips.map(\.description).joined(separator: "; "))")
      let a = try gpio.path(for: .label(label))
      let b = try gpio.path(for: .label(otherLabel))
      try expect(a != b, "both labels resolved to \(a)")
      try expect(chips.first { $0.path == a }?.label == label, "\(a) is not labelled \(label)")
      let missing = try expectHALError(.notFound) { _ = try gpio.path(for: .label("no-such-chip")) }
      try expect(
        missing.message.contains(label), "the error does not list the chips: \(missing.message)")
    }

    runner.check("gpio: outputs set in bulk, read back through gpio-sim") {
      let lines = try gpio.requestLines(
        GPIOLineRequest(
          chip: chip, consumer: "clack-check", lines: (0..<8).map { .output(UInt32($0)) }))
      defer { lines.release() }
      for pattern: UInt64 in [0xA5, 0x5A, 0xFF, 0x00, 0x81] {
        try lines.setValues(pattern)
        for line in 0..<8 {
          let want = (pattern >> UInt64(line)) & 1 == 1
          try expect(try sim.value(line) == want, "pattern \(pattern): line \(line) reads \(!want)")
        }
        try expect(
          try lines.values() == pattern, "pattern \(pattern) reads back as \(try lines.values())")
      }
    }

    runner.check("gpio: bulk set and read allocate nothing, as the executor's ticks need") {
      let lines = try gpio.requestLines(
        GPIOLineRequest(
          chip: chip, consumer: "clack-check", lines: (0..<8).map { .output(UInt32($0)) }))
      defer { lines.release() }
      let allocations = try countAllocations(times: 1000) { index in
        try lines.setValues(UInt64(index & 0xFF))
        _ = try lines.values()
      }
      try expect(allocations == 0, "1000 bulk sets and reads allocated \(allocations) times")
    }

    runner.check("gpio: outputs start at their initial values") {
      let lines = try gpio.requestLines(
        GPIOLineRequest(
          chip: chip, consumer: "clack-check",
          lines: [.output(8, initial: true), .output(9, initial: false)]))
      defer { lines.release() }
      try expect(try sim.value(8) && !(try sim.value(9)), "initial values were not applied")
    }

    runner.check("gpio: inputs follow pulls set through sysfs") {
      try sim.pull(10, up: true)
      try sim.pull(11, up: false)
      let lines = try gpio.requestLines(
        GPIOLineRequest(chip: chip, consumer: "clack-check", lines: [.input(10), .input(11)]))
      defer { lines.release() }
      try expect(try lines.values() == 0b01, "expected 01, read \(try lines.values())")
      try sim.pull(10, up: false)
      try sim.pull(11, up: true)
      try expect(try lines.values() == 0b10, "expected 10, read \(try lines.values())")
    }

    runner.check("gpio: bias requested by the program reaches the line") {
      let lines = try gpio.requestLines(
        GPIOLineRequest(
          chip: chip, consumer: "clack-check",
          lines: [.input(12, bias: .pullUp), .input(13, bias: .pullDown)]))
      defer { lines.release() }
      try expect(
        try lines.values() == 0b01, "expected pull-up 1 and pull-down 0, read \(try lines.values())"
      )
    }

    runner.check("gpio: edge events seen, rising and falling") {
      try sim.pull(14, up: false)
      let lines = try gpio.requestLines(
        GPIOLineRequest(
          chip: chip, consumer: "clack-check", lines: [.output(0), .input(14, edge: .both)]))
      defer { lines.release() }
      try sim.pull(14, up: true)
      let rising = try lines.waitForEdge(timeout: .seconds(2))
      try expect(
        rising?.rising == true && rising?.offset == 14 && rising?.lineIndex == 1,
        "no rising edge: \(String(describing: rising))")
      try sim.pull(14, up: false)
      let falling = try lines.waitForEdge(timeout: .seconds(2))
      try expect(
        falling?.rising == false && falling?.offset == 14,
        "no falling edge: \(String(describing: falling))")
    }

    runner.check("gpio: an edge wait times out when nothing happens") {
      let lines = try gpio.requestLines(
        GPIOLineRequest(chip: chip, consumer: "clack-check", lines: [.input(14, edge: .both)]))
      defer { lines.release() }
      let start = monotonicNanoseconds()
      let event = try lines.waitForEdge(timeout: .milliseconds(200))
      let elapsed = (monotonicNanoseconds() - start) / 1_000_000
      try expect(event == nil, "an edge appeared from nowhere: \(String(describing: event))")
      try expect(elapsed >= 190 && elapsed < 3000, "waited \(elapsed) ms for a 200 ms timeout")
      print("INFO edge timeout of 200 ms took \(elapsed) ms")
    }

    runner.check("gpio: a busy line is reported with its consumer") {
      let holder = try gpio.requestLines(
        GPIOLineRequest(chip: chip, consumer: "holder", lines: [.output(15)]))
      let error = try expectHALError(.busy) {
        _ = try gpio.requestLines(
          GPIOLineRequest(chip: chip, consumer: "second", lines: [.output(15)]))
      }
      try expect(error.message.contains("'holder'"), "the consumer is not named: \(error.message)")
      print("INFO \(error.message)")
      holder.release()
      let again = try gpio.requestLines(
        GPIOLineRequest(chip: chip, consumer: "second", lines: [.output(15)]))
      again.release()
    }
  }
#endif
