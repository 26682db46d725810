"""What Clack's Python test drivers (browser, API, MQTT) share: a small simulated board that
homes quickly, Vestaboard codes as text, and PASS/FAIL lines with a closing count."""
import os
import sys

# The Vestaboard codes of the letters, digits and blank, for reading a board as text.
CHARACTERS = {0: " ", **{1 + i: c for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ")},
              **{27 + i: c for i, c in enumerate("123456789")}, 36: "0"}


def write_board(directory, name, seed, flaps="vestaboard", file="board.yaml"):
    """A 3 × 10 simulated board file (not the default size, so pages and payloads must adapt)
    that homes in about a second at --speed 10. Returns its path."""
    path = os.path.join(directory, file)
    with open(path, "w") as f:
        f.write(f"""name: {name}
geometry: {{rows: 3, cols: 10}}
flaps: {flaps}
modules:
  type: shift-register
  wiring: {{transport: spi, spi_device: /dev/spidev0.0, chip: pinctrl-bcm2711, latch: 25, load: 24}}
motion: {{steps_per_revolution: 2048, start_speed: 400, top_speed: 1000, ramp_ms: 100}}
power: {{max_moving: 30}}
simulation: {{always: true, seed: {seed}}}
""")
    return path


def rows_text(codes):
    """Rows of codes as text, rows joined by |; # for a code that is not a letter or digit."""
    return "|".join("".join(CHARACTERS.get(code, "#") for code in row) for row in codes)


class Checks:
    """Prints PASS or FAIL for each check, and the closing '<name>: N passed, N failed'."""

    def __init__(self, name):
        self.name = name
        self.results = []

    def __call__(self, title, passed, detail=""):
        self.results.append(bool(passed))
        print(f"{'PASS' if passed else 'FAIL'} {title}" + (f": {detail}" if detail else ""),
              flush=True)

    @property
    def failed(self):
        return self.results.count(False)

    def finish(self):
        print(f"{self.name}: {self.results.count(True)} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
