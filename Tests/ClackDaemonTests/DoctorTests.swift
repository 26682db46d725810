import ClackHAL
import ClackMQTT
import ClackStore
import Foundation
import Testing

@testable import ClackDaemon

/// A machine made to order: everything a board needs is there and usable unless a test takes
/// it away, so each test shows one problem `clack doctor` reports.
final class FakeMachine: DoctorProbe, @unchecked Sendable {
  var chips: Result<[GPIOChipInfo], HALError> = .success([
    GPIOChipInfo(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 58)
  ])
  var nodes: [String: DeviceAccess] = [
    "/dev/gpiochip0": .ok, "/dev/i2c-1": .ok, "/dev/spidev0.0": .ok,
  ]
  var silentAddresses: Set<Int> = []
  /// Every bus's clock as its device tree sets it (400 kHz, what pcf8575-8 asks for).
  var i2cClock: Int? = 400_000
  var user = DoctorUser(name: "clack", groups: ["clack", "gpio", "i2c", "spi"], isService: true)
  var limits = RealtimeLimits(rtprio: 80, memlockBytes: nil, source: "clack.service")
  var state = DirectoryState(exists: true, writable: true, freeBytes: 1 << 30)
  var database: String?
  var daemon: Result<DaemonHealth, DoctorProbeError> = .success(
    DaemonHealth(homed: true, queued: 0))
  var broker: String?
  var mqttLibrary: String?
  /// spidev's buffer (the kernel's default, 4096 bytes).
  var spidevBuffer: Int? = 4096

  func fileExists(_ path: String) -> Bool { nodes[path] != nil }
  func gpioChips() -> Result<[GPIOChipInfo], HALError> { chips }
  func i2cProbe(bus: String, address: Int) -> HALError? {
    silentAddresses.contains(address)
      ? HALError(kind: .noAcknowledge, device: bus, message: "no acknowledge") : nil
  }
  func i2cClockHz(bus: String) -> Int? { i2cClock }
  func spidevBufferBytes() -> Int? { spidevBuffer }
  func access(_ path: String, for user: DoctorUser) -> DeviceAccess { nodes[path] ?? .missing }
  func serviceUser() -> DoctorUser { user }
  func realtimeLimits() -> RealtimeLimits { limits }
  func directory(_ path: String) -> DirectoryState { state }
  func databaseProblem(_ path: String) -> String? { database }
  func health(at address: String) async -> Result<DaemonHealth, DoctorProbeError> { daemon }
  func connect(host: String, port: Int) async -> String? { broker }
  func mqttLibraryProblem() -> String? { mqttLibrary }
  var avahi: String?
  func discoveryProblem() -> String? { avahi }
  /// The broker advertised on the LAN (`mqtt.host: auto`); nil: none is.
  var advertisedBroker: MQTTBrokerAddress?
  func findBroker(tls: Bool) -> Result<MQTTBrokerAddress, MQTTTransportError> {
    advertisedBroker.map { .success($0) }
      ?? .failure(MQTTTransportError("no MQTT broker is advertised on the LAN as _mqtt._tcp"))
  }
}

@Suite struct DoctorTests {
  static let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../boards").standardized.path

  func check(
    _ machine: FakeMachine, board: String = "pi-gpio-4", config: String? = nil
  ) async -> [DoctorFinding] {
    await Doctor(probe: machine).run(
      configFile: config,
      overrides: Daemon.Overrides(board: "\(Self.boards)/\(board).yaml", state: "/var/lib/clack"))
  }

  func problems(_ findings: [DoctorFinding]) -> [DoctorFinding] {
    findings.filter { $0.verdict == .problem }
  }

  @Test func aHealthyMachineHasNoProblems() async {
    for board in ["pi-gpio-4", "pcf8575-8", "chainlink-6x18", "sim-6x22"] {
      let findings = await check(FakeMachine(), board: board)
      #expect(problems(findings).isEmpty, "\(board): \(findings)")
    }
    let report = DoctorCommand.report(await check(FakeMachine()))
    #expect(report.hasSuffix("no problems found"))
  }

  @Test func aBadConfigIsReportedWithWhereAndStopsThere() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doctor-\(UUID()).yaml")
    try "dwell: soon\n".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let findings = await Doctor(probe: FakeMachine()).run(configFile: file.path, overrides: .init())
    #expect(findings.count == 1)
    #expect(findings[0].subject == "config" && findings[0].verdict == .problem)
    #expect(findings[0].text.contains("dwell"))
    #expect(findings[0].fix == "edit \(file.path) (docs/config.md lists every setting)")
  }

  @Test func aMissingBoardFileIsAProblem() async {
    let found = problems(await check(FakeMachine(), board: "no-such-board"))
    #expect(found.map(\.subject) == ["board"])
    #expect(found[0].text.contains("no such file"))
  }

  @Test func gpioChipsThatCannotBeListedMissingOrTooShort() async {
    let denied = FakeMachine()
    denied.chips = .failure(
      HALError(kind: .permissionDenied, device: "/dev/gpiochip0", message: "permission denied"))
    #expect(
      problems(await check(denied)).first?.fix?.hasPrefix("sudo usermod -aG gpio clack") == true)

    let noLibrary = FakeMachine()
    noLibrary.chips = .failure(
      HALError(
        kind: .unsupported, device: "/dev", message: "libgpiod could not be loaded (apt install …)")
    )
    let unloaded = problems(await check(noLibrary))
    #expect(unloaded.first?.text.contains("libgpiod could not be loaded") == true)
    #expect(unloaded.first?.fix?.hasPrefix("sudo apt install libgpiod2") == true)

    let elsewhere = FakeMachine()
    elsewhere.chips = .success([
      GPIOChipInfo(path: "/dev/gpiochip4", label: "pinctrl-rp1", lineCount: 54)
    ])
    let missing = problems(await check(elsewhere))
    #expect(
      missing.first?.text
        == "no GPIO chip 'pinctrl-bcm2711'; present: pinctrl-rp1 (/dev/gpiochip4, 54 lines)")

    let none = FakeMachine()
    none.chips = .success([])
    #expect(problems(await check(none)).first?.text.contains("no GPIO chips at all") == true)

    let short = FakeMachine()
    short.chips = .success([
      GPIOChipInfo(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 20)
    ])
    #expect(
      problems(await check(short)).first?.text
        == "lines 20, 21, 22, 23, 24, 25, 26, 27 are past the last line of pinctrl-bcm2711 (20 lines)"
    )
  }

  @Test func aDeviceTheUserMayNotUseSaysWhichGroupOrRuleIsMissing() async {
    let notInGroup = FakeMachine()
    notInGroup.nodes["/dev/gpiochip0"] = .denied(group: "gpio", mode: 0o660)
    let found = problems(await check(notInGroup))
    #expect(found.map(\.subject) == ["permissions"])
    #expect(found[0].fix == "sudo usermod -aG gpio clack, then sudo systemctl restart clack")

    let noRule = FakeMachine()
    noRule.nodes["/dev/i2c-1"] = .denied(group: "root", mode: 0o600)
    let rule = problems(await check(noRule, board: "pcf8575-8"))
    #expect(rule.first?.text.contains("it should belong to the i2c group") == true)
    #expect(rule.first?.fix?.hasPrefix("sudo scripts/install-udev.sh") == true)
  }

  @Test func i2cBusesThatAreMissingOrAddressesThatDoNotAnswer() async {
    let noBus = FakeMachine()
    noBus.nodes["/dev/i2c-1"] = nil
    #expect(
      problems(await check(noBus, board: "pcf8575-8")).first?.fix?.hasPrefix(
        "sudo raspi-config nonint do_i2c 0") == true)

    let silent = FakeMachine()
    silent.daemon = .failure(DoctorProbeError(description: "Connection refused"))
    silent.silentAddresses = [0x23]
    let found = problems(await check(silent, board: "pcf8575-8")).filter { $0.subject == "i2c" }
    #expect(found.map(\.text) == ["nothing answers at 0x23 on /dev/i2c-1: no acknowledge"])
    #expect(found.first?.fix?.hasPrefix("i2cdetect -y 1") == true)

    // While the daemon holds the bus, addresses are left alone.
    let held = FakeMachine()
    held.silentAddresses = [0x23]
    let findings = await check(held, board: "pcf8575-8")
    #expect(problems(findings).isEmpty)
    #expect(findings.contains { $0.verdict == .note && $0.text.contains("not probed") })
  }

  @Test func aBusSlowerThanTheBoardFileSaysHowToRaiseIt() async {
    // pcf8575-8 is measured at 400 kHz; a Pi left at its default runs the bus at 100 kHz.
    let slow = FakeMachine()
    slow.i2cClock = 100_000
    let found = problems(await check(slow, board: "pcf8575-8"))
    #expect(found.map(\.subject) == ["i2c"])
    #expect(
      found.first?.text
        == "/dev/i2c-1 runs at 100 kHz, but pcf8575-8 is measured at 400 kHz (clock_hz): its "
        + "ticks would take longer than 'clack board check' found, and may overrun")
    #expect(
      found.first?.fix
        == "add dtparam=i2c_arm_baudrate=400000 to /boot/firmware/config.txt and reboot, or "
        + "set clock_hz: 100000 in the board file and run clack board check on it")

    let fast = await check(FakeMachine(), board: "pcf8575-8")
    #expect(
      fast.contains {
        $0.verdict == .ok && $0.text == "/dev/i2c-1 runs at 400 kHz, as the board file needs"
      })

    // A bus with no device-tree node (i2c-stub, a USB adapter) cannot say: a note, no problem.
    let unknown = FakeMachine()
    unknown.i2cClock = nil
    let noted = await check(unknown, board: "pcf8575-8")
    #expect(problems(noted).isEmpty)
    #expect(noted.contains { $0.verdict == .note && $0.text.contains("its clock cannot be read") })
  }

  @Test func aMissingSPIDeviceSaysHowToEnableSPI() async {
    let machine = FakeMachine()
    machine.nodes["/dev/spidev0.0"] = nil
    let found = problems(await check(machine, board: "chainlink-6x18"))
    #expect(found.map(\.subject) == ["spi"])
    #expect(found[0].fix?.hasPrefix("sudo raspi-config nonint do_spi 0") == true)
  }

  @Test func aColourChainsFrameMustFitSpidevsBuffer() async {
    // 256 WS2812 LEDs are 256 × 24 × 3 bits and a 90-byte reset: 2394 bytes, within 4096.
    let fits = await check(FakeMachine(), board: "ws2812-16x16")
    #expect(problems(fits).isEmpty, "\(fits)")
    #expect(fits.contains { $0.text == "a frame of 2394 bytes fits spidev's 4096-byte buffer" })
    let small = FakeMachine()
    small.spidevBuffer = 2048
    let found = problems(await check(small, board: "ws2812-16x16"))
    #expect(found.map(\.subject) == ["spi"])
    #expect(found.first?.text.contains("2394 bytes, more than spidev's buffer of 2048") == true)
    #expect(
      found.first?.fix
        == "add spidev.bufsiz=65536 to the one line of /boot/firmware/cmdline.txt, then reboot")
    // A FlaschenTaschen display needs no device at all.
    let network = await check(FakeMachine(), board: "flaschen-taschen-64x32")
    #expect(problems(network).isEmpty && !network.contains { $0.subject == "spi" })
    #expect(network.contains { $0.text.contains("FlaschenTaschen server at localhost:1337") })
  }

  @Test func realtimeLimitsTooLowForTheServiceOrTheShell() async {
    let service = FakeMachine()
    service.limits = RealtimeLimits(rtprio: 0, memlockBytes: 8 << 20, source: "clack.service")
    let found = problems(await check(service))
    #expect(found.map(\.subject) == ["real-time"])
    #expect(
      found[0].fix
        == "sudo systemctl edit clack, add [Service] and LimitRTPRIO=80 and LimitMEMLOCK=infinity, then sudo systemctl restart clack"
    )

    let shell = FakeMachine()
    shell.user = DoctorUser(name: "pi", groups: ["gpio"], isService: false)
    shell.limits = RealtimeLimits(rtprio: 0, memlockBytes: nil, source: "this shell")
    let fix = problems(await check(shell)).first?.fix
    #expect(
      fix?.hasPrefix("echo 'pi - rtprio 80' | sudo tee -a /etc/security/limits.d/clack.conf")
        == true)
  }

  @Test func stateThatCannotBeWrittenIsFullOrDamaged() async {
    let locked = FakeMachine()
    locked.state = DirectoryState(exists: true, writable: false, freeBytes: 1 << 30)
    #expect(problems(await check(locked)).first?.fix == "sudo chown -R clack /var/lib/clack")

    let full = FakeMachine()
    full.state = DirectoryState(exists: true, writable: true, freeBytes: 10 << 20)
    #expect(problems(await check(full)).first?.text == "only 10 MiB free for /var/lib/clack")

    let damaged = FakeMachine()
    damaged.database = "database disk image is malformed"
    let found = problems(await check(damaged))
    #expect(
      found.first?.text
        == "/var/lib/clack/clack.sqlite is damaged: database disk image is malformed")
    #expect(
      found.first?.fix?.contains(
        "sudo mv /var/lib/clack/clack.sqlite /var/lib/clack/clack.sqlite.broken") == true)
  }

  @Test func aDaemonThatDoesNotAnswerAndABrokerThatCannotBeReached() async throws {
    let stopped = FakeMachine()
    stopped.daemon = .failure(DoctorProbeError(description: "Connection refused"))
    let found = problems(await check(stopped))
    #expect(found.map(\.subject) == ["api"])
    #expect(found[0].text == "nothing answers on 127.0.0.1:7000: Connection refused")

    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doctor-\(UUID()).yaml")
    try "mqtt: {host: 127.0.0.1, port: 1}\n".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let unreachable = FakeMachine()
    unreachable.broker = "Connection refused"
    let mqtt = problems(await check(unreachable, config: file.path))
    #expect(mqtt.map(\.subject) == ["mqtt"])
    #expect(mqtt[0].text == "cannot reach the broker at 127.0.0.1:1: Connection refused")

    // Installed without its recommends: no libmosquitto to open.
    let noLibrary = FakeMachine()
    noLibrary.mqttLibrary =
      "MQTT needs libmosquitto (apt install libmosquitto1), which could"
      + " not be loaded: libmosquitto.so.1: cannot open shared object file"
    let missing = problems(await check(noLibrary, config: file.path))
    #expect(missing.map(\.subject) == ["mqtt"])
    #expect(missing[0].text.hasPrefix("MQTT needs libmosquitto"))
    #expect(missing[0].fix?.hasPrefix("sudo apt install libmosquitto1") == true)
  }

  @Test func aBrokerFoundOnTheLANIsCheckedWhereItWasFound() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doctor-\(UUID()).yaml")
    try "mqtt: {host: auto}\n".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let none = FakeMachine()
    let missing = problems(await check(none, config: file.path))
    #expect(missing.map(\.subject) == ["mqtt"])
    #expect(missing[0].text.hasPrefix("no MQTT broker is advertised"))
    #expect(missing[0].fix?.contains("docs/mqtt.md") == true)

    let advertised = FakeMachine()
    advertised.advertisedBroker = MQTTBrokerAddress(host: "192.168.1.5", port: 1883)
    let findings = await check(advertised, config: file.path)
    #expect(problems(findings).isEmpty)
    #expect(
      findings.contains { $0.text == "the broker at 192.168.1.5:1883 (found on the LAN) answers" })
    advertised.broker = "Connection refused"
    let refused = problems(await check(advertised, config: file.path))
    #expect(
      refused.map(\.text)
        == ["cannot reach the broker at 192.168.1.5:1883 (found on the LAN): Connection refused"])
  }

  @Test func discoveryIsANoteSayingWhyTheDaemonIsNotAdvertised() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doctor-\(UUID()).yaml")
    try "listen: 0.0.0.0:7000\n".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let noAvahi = FakeMachine()
    noAvahi.avahi = "Daemon not running: is avahi-daemon installed and running?"
    let findings = await check(noAvahi, config: file.path)
    let finding = try #require(findings.first { $0.subject == "discovery" })
    #expect(finding.verdict == .note && finding.text.hasPrefix("not advertised on the LAN"))
    #expect(finding.fix?.hasPrefix("sudo apt install avahi-daemon") == true)
    #expect(problems(findings).isEmpty, "not a problem: the daemon runs without it")
    let fine = await check(FakeMachine(), config: file.path)
    #expect(fine.first { $0.subject == "discovery" }?.verdict == .ok)
    // On loopback, nothing to advertise.
    let loopback = await check(noAvahi)
    #expect(loopback.first { $0.subject == "discovery" }?.text.contains("loopback") == true)
  }

  @Test func theQuickCheckFindsADamagedDatabaseAndPassesAGoodOne() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doctor-db-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = directory.appendingPathComponent("good.sqlite").path
    try ClackStore(path: good).close()
    #expect(ClackStore.quickCheckProblem(path: good) == nil)
    #expect(
      ClackStore.quickCheckProblem(path: directory.appendingPathComponent("none.sqlite").path)
        == nil)
    let bad = directory.appendingPathComponent("bad.sqlite").path
    try Data(repeating: 0x5a, count: 8192).write(to: URL(fileURLWithPath: bad))
    #expect(ClackStore.quickCheckProblem(path: bad) != nil)
  }
}

/// The Linux probe reads a bus's clock from its controller's device-tree node in sysfs.
@Suite struct LinuxBusClockTests {
  @Test func theClockIsTheNodesClockFrequencyElseTheDriversDefault() throws {
    let sysfs = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-sysfs-\(UUID())")
    defer { try? FileManager.default.removeItem(at: sysfs) }
    let adapters = sysfs.appendingPathComponent("class/i2c-adapter")
    // i2c-1: dtparam=i2c_arm_baudrate=400000 wrote clock-frequency, big-endian.
    let raised = adapters.appendingPathComponent("i2c-1/of_node")
    try FileManager.default.createDirectory(at: raised, withIntermediateDirectories: true)
    try Data([0x00, 0x06, 0x1A, 0x80]).write(to: raised.appendingPathComponent("clock-frequency"))
    // i2c-3: a node without the property runs at the driver's 100 kHz.
    try FileManager.default.createDirectory(
      at: adapters.appendingPathComponent("i2c-3/of_node"), withIntermediateDirectories: true)
    // i2c-9: no node at all (i2c-stub): unknown.
    try FileManager.default.createDirectory(
      at: adapters.appendingPathComponent("i2c-9"), withIntermediateDirectories: true)
    let probe = LinuxDoctorProbe(sysfs: sysfs.path)
    #expect(probe.i2cClockHz(bus: "/dev/i2c-1") == 400_000)
    #expect(probe.i2cClockHz(bus: "/dev/i2c-3") == 100_000)
    #expect(probe.i2cClockHz(bus: "/dev/i2c-9") == nil)
  }
}
