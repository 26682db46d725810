// clack-hal-check: runs Clack's Linux HAL against the kernel's own simulated GPIO chip
// (gpio-sim) and I2C adapter (i2c-stub). scripts/vm-test.sh starts it inside a VM; every check
// prints one line and the last line is "RESULT PASS" or "RESULT FAIL".
//
// Usage: clack-hal-check --gpio-label L --other-label L2 --sim DIR --i2c-adapter NAME
//                        [--libgpiod-api 1|2]
import ClackHAL

let arguments = options(CommandLine.arguments)
let runner = CheckRunner()
// The allocation checks below mean something only if the counter sees allocations in this
// build (its malloc exported, so that libgpiod's calls reach it too: scripts/vm-test.sh).
runner.check("the allocation counter sees this thread's allocations") {
  let counted = try countAllocations(times: 10) { index in
    keptAlive = [Int](repeating: index, count: 64 + index)
  }
  try expect(counted >= 10, "10 new arrays counted as \(counted) allocations")
}
#if GPIOD
  if let label = arguments["--gpio-label"], let other = arguments["--other-label"],
    let sim = arguments["--sim"]
  {
    runGPIOChecks(
      runner, label: label, otherLabel: other, sim: SimulatedChip(directory: sim),
      expectedAPI: arguments["--libgpiod-api"].flatMap { Int($0) })
  } else {
    runner.check("arguments") { throw CheckFailure("need --gpio-label, --other-label and --sim") }
  }
#else
  runner.check("gpio") {
    throw CheckFailure("built without the GPIOD trait: no Linux GPIO backend")
  }
#endif
#if I2C
  if let adapter = arguments["--i2c-adapter"] {
    runI2CChecks(runner, adapterName: adapter, address: 0x70, second: 0x71, missing: 0x50)
    runHT16K33Checks(runner, adapterName: adapter, address: 0x71)
  } else {
    runner.check("arguments") { throw CheckFailure("need --i2c-adapter") }
  }
#else
  runner.check("i2c") { throw CheckFailure("built without the I2C trait: no Linux I2C backend") }
#endif
print("SUMMARY \(runner.passed) passed, \(runner.failed) failed")
print(runner.failed == 0 ? "RESULT PASS" : "RESULT FAIL")
