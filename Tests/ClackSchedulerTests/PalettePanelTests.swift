import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL
import Testing

@testable import ClackScheduler

/// The real frame loop on a colour chain: it draws palette canvases, the panel colours them,
/// and the WS2812 model's LEDs show text in ink and tiles in their colours.
@Suite struct PalettePanelTests {
  @Test func theFrameLoopShowsInkAndTileColoursOnAWS2812Twin() throws {
    let model = WS2812ChainModel(part: .ws2812b, ledCount: 256)
    let spi = SimulatedSPIDevice(
      name: "/dev/spidev0.0", config: SPIConfig(speedHz: UInt32(WS2812Encoding.speedHz)),
      peripheral: model, clock: VirtualClock(), log: TransactionLog())
    let layout = try LEDChainLayout(panels: [.init(width: 32, height: 8, order: .columns)])
    let chain = ColourChainPanel(spi: spi, chip: .ws2812, layout: layout)
    let ink = RGB(255, 160, 0)
    let palette = ColourPalette(ink: ink)
    let panel = PalettePanel(output: chain, palette: palette)
    let grid = try PixelGrid(width: 32, height: 8, font: .builtin5x7)
    let symbols = grid.symbolSet()
    let executor = PixelExecutor(
      panel: panel, grid: grid, symbols: symbols.symbols, depth: .palette, brightness: 15,
      scrollPixelsPerSecond: 20)
    let frame = try TextLayout(rows: grid.rows, cols: grid.cols, flapSet: symbols)
      .layout("H{red}").frame
    executor.home(showing: frame.cells.map { symbols.index(of: $0) ?? 0 })
    executor.tick(now: 0)
    #expect(chain.fault == nil && model.latches >= 1)

    let curve = LightnessCurve()
    var colours: [[UInt8]: Int] = [:]
    for led in 0..<256 {
      let shown = model.colour(ofLED: led)
      colours[[shown.red, shown.green, shown.blue], default: 0] += 1
    }
    let red = palette[ColourPalette.index(of: .red)]
    let inked = [curve[ink.red], curve[ink.green], curve[ink.blue]]
    let tiled = [curve[red.red], curve[red.green], curve[red.blue]]
    #expect(colours[inked, default: 0] > 10, "the H in ink: \(colours)")
    #expect(colours[tiled, default: 0] == 5 * 7, "the red tile fills its 5 × 7 cell")
    #expect(Set(colours.keys) == [[0, 0, 0], inked, tiled])
  }
}
