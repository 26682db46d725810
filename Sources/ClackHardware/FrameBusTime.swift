import ClackBoard
import ClackCore
import ClackDrivers

extension TickBusTime {
  /// How much of its frame period an LED panel's bus work takes: the heaviest frames a panel
  /// meets (every LED lit, a checkerboard and its inverse, where every LED changes, and dark)
  /// shown through its own driver on its twin, whose bus takes its time on the wire. The
  /// driver sends only what changed, so a frame of a scroll or a transition costs no more.
  public static func measure(pixels board: PixelBoardDefinition) throws -> TickBusTime {
    let twin = try SimulatedPixelBoard(board: board)
    twin.log.isEnabled = false
    let panel = twin.panel
    panel.start(brightness: board.brightness)
    let geometry = panel.geometry
    let (width, height) = (geometry.canvasWidth, geometry.canvasHeight)
    func canvas(_ lit: (Int, Int) -> Bool) -> PixelCanvas {
      var canvas = PixelCanvas(width: width, height: height, depth: board.depth)
      for y in 0..<height {
        for x in 0..<width where lit(x, y) { canvas[x, y] = 255 }
      }
      return canvas
    }
    let frames = [
      canvas { _, _ in true }, canvas { ($0 + $1) % 2 == 0 }, canvas { ($0 + $1) % 2 == 1 },
      canvas { _, _ in false },
    ]
    var worst = 0
    for frame in frames {
      let before = twin.clock.nanoseconds
      panel.show(frame)
      worst = max(worst, Int((twin.clock.nanoseconds - before + 999) / 1000))
    }
    return TickBusTime(
      tickMicroseconds: PixelDrive.frameMicroseconds, worstMicroseconds: worst,
      ticks: frames.count)
  }
}
