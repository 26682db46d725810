import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL
import Testing

@testable import ClackScheduler

/// A picture shown by the real frame loop on a WS2812 twin: each frame of an animation for its
/// time, looping, read back from the chain model's LEDs; a still picture and a screen of
/// cells after it leave the loop dormant.
@Suite struct PicturePlaybackTests {
  final class Twin {
    let model = WS2812ChainModel(part: .ws2812b, ledCount: 64)
    let executor: PixelExecutor
    let palette = ColourPalette()

    init() throws {
      let spi = SimulatedSPIDevice(
        name: "/dev/spidev0.0", config: SPIConfig(speedHz: UInt32(WS2812Encoding.speedHz)),
        peripheral: model, clock: VirtualClock(), log: TransactionLog())
      let layout = try LEDChainLayout(panels: [.init(width: 8, height: 8)])
      let panel = PalettePanel(
        output: ColourChainPanel(spi: spi, chip: .ws2812, layout: layout), palette: palette)
      let grid = try PixelGrid(width: 8, height: 8, font: .builtin5x7)
      executor = PixelExecutor(
        panel: panel, grid: grid, symbols: grid.symbolSet().symbols, depth: .palette,
        brightness: 15, scrollPixelsPerSecond: 20)
      executor.home(showing: [])
      executor.tick(now: 0)
    }

    /// The colour (duties, after the lightness curve) every LED shows, if they all agree.
    var uniform: [UInt8]? {
      let first = model.colour(ofLED: 0)
      let colour = [first.red, first.green, first.blue]
      return (0..<64).allSatisfy {
        let led = model.colour(ofLED: $0)
        return [led.red, led.green, led.blue] == colour
      } ? colour : nil
    }

    func duties(_ index: UInt8) -> [UInt8] {
      let curve = LightnessCurve()
      let colour = palette[index]
      return [curve[colour.red], curve[colour.green], curve[colour.blue]]
    }
  }

  static func filled(_ index: UInt8) -> PixelCanvas {
    var canvas = PixelCanvas(width: 8, height: 8, depth: .palette)
    canvas.clear(to: index)
    return canvas
  }

  @Test func anAnimationPlaysEachFrameForItsTimeAndLoops() throws {
    let twin = try Twin()
    let red = ColourPalette.cubeIndex(red: 255, green: 0, blue: 0)
    let blue = ColourPalette.cubeIndex(red: 0, green: 0, blue: 255)
    let command = twin.executor.makeCommandSlot()
    command.loadPicture(
      [Self.filled(red), Self.filled(blue)], milliseconds: [100, 200],
      transition: PixelTransition(kind: .instant))
    twin.executor.apply(command, now: 1_000_000)
    #expect(command.pictureFrames.isEmpty, "the thread took the frames, leaving its own")
    twin.executor.tick(now: 1_000_000)
    #expect(twin.uniform == twin.duties(red))
    #expect(!twin.executor.isDormant, "an animation keeps the loop awake")
    twin.executor.tick(now: 1_099_000)
    #expect(twin.uniform == twin.duties(red), "99 ms in: still the first frame")
    twin.executor.tick(now: 1_150_000)
    #expect(twin.uniform == twin.duties(blue))
    twin.executor.tick(now: 1_310_000)
    #expect(twin.uniform == twin.duties(red), "310 ms: the 300 ms loop started again")

    // A screen of cells after it: the animation stops and the loop goes dormant.
    command.loadScreen(
      [Int](repeating: 0, count: twin.executor.moduleCount), scrolling: [:],
      transition: PixelTransition(kind: .instant))
    twin.executor.apply(command, now: 1_400_000)
    twin.executor.tick(now: 1_400_000)
    #expect(twin.uniform == [0, 0, 0] && twin.executor.isDormant)
  }

  @Test func aStillPictureLeavesTheLoopDormant() throws {
    let twin = try Twin()
    let green = ColourPalette.cubeIndex(red: 0, green: 255, blue: 0)
    let command = twin.executor.makeCommandSlot()
    command.loadPicture(
      [Self.filled(green)], milliseconds: [0], transition: PixelTransition(kind: .instant))
    twin.executor.apply(command, now: 0)
    twin.executor.tick(now: 0)
    #expect(twin.uniform == twin.duties(green) && twin.executor.isDormant)
  }
}
