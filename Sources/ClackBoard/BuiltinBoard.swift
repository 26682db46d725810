/// The board `clack sim` and `clack run` use when none is named: a copy of
/// boards/sim-6x22.yaml (a test keeps the two the same), so they run from any directory.
public enum BuiltinBoard {
  public static let name = "boards/sim-6x22.yaml (built in)"

  public static func load() throws(BoardFileError) -> BoardDefinition {
    try BoardDefinition.parse(yaml: yaml, file: name)
  }

  public static let yaml = """
    # The default board: a simulated 6 × 22 split-flap wall whose modules carry Vestaboard's 66
    # flaps (blank, A–Z, 0–9, the punctuation with : and /, and all seven colours): what 6 × 22
    # tools, clock schedules and the quote library speak. Driven like a Chainlink-style
    # shift-register chain over SPI. It exists only in simulation; `clack` uses it when no board
    # is named.
    # Schema: docs/boards.md.
    name: sim-6x22
    description: Simulated 6x22 split-flap board, Vestaboard's 66 flaps per module
    geometry:
      rows: 6
      cols: 22
    flaps: vestaboard
    modules:
      type: shift-register
      wiring:
        transport: spi
        spi_device: /dev/spidev0.0
        spi_speed_hz: 2000000
        chip: pinctrl-bcm2711
        latch: 25
        load: 24
    motion:
      steps_per_revolution: 4096
      start_speed: 200
      top_speed: 1000
      ramp_ms: 200
    # The motors' 5 V supply and what each module draws from it, modelled on a 28BYJ-48 (5 V,
    # about 50 ohms a coil) behind a ULN2003 (about 0.9 V lost): two coils on draw about 0.165 A
    # (ramping, and holding the last half-step); at speed the coils' inductance keeps the average
    # near 0.1 A; at rest the hall sensor takes 4 mA. Plans are made in amperes: 12 modules at
    # full draw fit (homing moves 12 at a time), and up to 20 while most cruise.
    power:
      supply_amps: 2.5
      module_amps:
        ramping: 0.165
        cruising: 0.1
        holding: 0.165
        idle: 0.004
    simulation:
      always: true
      seed: 2026
    """
}
