import ClackCore
import Foundation
internal import Yams

/// A board file (`boards/*.yaml`): what a board is and how it is wired. See docs/boards.md.
public struct BoardDefinition: Hashable, Sendable {
  public let name: String
  public let description: String?
  public let rows: Int
  public let cols: Int
  public let order: ModuleOrder
  public let flapSet: FlapSet
  /// How the modules are built and wired; nil for a board used only to lay text out.
  public var hardware: ModuleHardware?
  public var motion: MotionProfile
  /// Per module: steps from the home sensor's leading edge to flap 0 (the file's, or a saved
  /// calibration's laid over it).
  public var offsets: [Int]
  /// Per module: its motor is wired to turn backwards (`modules.reverse`), so its coils are
  /// driven in mirrored order.
  public var reversed: [Bool] = []
  /// `power.max_moving` as the file gives it (or a caller sets it), else every module: a
  /// count no plan exceeds, whatever the supply.
  public var movingLimit: Int
  /// The motor supply's rating and each module's draw, when the file gives them: plans are
  /// then made in amperes (`Planner`).
  public var supply: PowerSupply? = nil
  public var simulation: SimulationParameters
  /// A pixel (LED) board, seen by the layers above as its character grid (each cell a
  /// "module" whose "flaps" are the font's symbols): its panel, chips and font. Nil for a
  /// split-flap board.
  public var pixels: PixelBoardDefinition? = nil
  /// A wall's canvas: the cells of each LED tile, where a picture page may show (it covers
  /// one tile). Empty on a board of one kind.
  public var pictureAreas: [CellArea] = []

  public var moduleCount: Int { rows * cols }

  /// The most modules that may move at once even all at their highest draw: `movingLimit`,
  /// lowered to what the supply carries. Homing moves this many; a plan in amperes may move
  /// more while some cruise. Setting it sets `movingLimit`.
  public var maxMoving: Int {
    get { min(movingLimit, supply?.maxMoving(moduleCount: moduleCount) ?? movingLimit) }
    set { movingLimit = newValue }
  }

  public static let maxRows = 64
  public static let maxCols = 128

  /// A text layout for this board.
  public var layout: TextLayout { TextLayout(rows: rows, cols: cols, flapSet: flapSet) }

  /// Reads and validates a board file.
  public static func load(path: String) throws(BoardFileError) -> BoardDefinition {
    try parse(yaml: YAMLReader.text(atPath: path), file: path)
  }

  /// Validates board-file text; `file` is only used in error messages.
  public static func parse(yaml: String, file: String) throws(BoardFileError) -> BoardDefinition {
    let root = try YAMLReader.root(yaml: yaml, file: file)
    if root.node.mapping?["panel"] != nil {
      throw BoardFileError(
        file: file, line: nil, column: nil, field: nil,
        message:
          "is a pixel (LED) board: 'clack board check', 'clack render', 'clack run' and "
          + "'clack sim' take it; this command needs a split-flap board (docs/leds.md)")
    }
    let top = try root.fields(
      allowed: [
        "name", "description", "geometry", "flaps", "modules", "motion", "offsets", "power",
        "simulation",
      ],
      required: ["name", "geometry", "flaps"])
    let geometry = try top.required("geometry").fields(
      allowed: ["rows", "cols", "order"], required: ["rows", "cols"])
    let rows = try geometry.required("rows").int(in: 1...maxRows)
    let cols = try geometry.required("cols").int(in: 1...maxCols)
    let count = rows * cols
    let order =
      try geometry["order"].map { reader throws(BoardFileError) in
        ModuleOrder(rawValue: try reader.choice(ModuleOrder.allCases.map(\.rawValue))) ?? .rowMajor
      } ?? .rowMajor
    let motion = try top["motion"].map(BoardSections.motion) ?? MotionProfile()
    let hardware = try top["modules"].map { reader throws(BoardFileError) in
      try BoardSections.hardware(reader, moduleCount: count, rows: rows, cols: cols)
    }
    let power = try top["power"].map { reader throws(BoardFileError) in
      try BoardSections.power(reader, moduleCount: count)
    }
    let flaps = try top.required("flaps")
    let flapSet = try flapSet(flaps)
    if case .vestaboard = hardware,
      let missing = flapSet.symbols.first(where: { VestaboardCode.code(for: $0) == nil })
    {
      throw flaps.error(
        "has '\(missing.notation)', which a Vestaboard has no code for: a board of type "
          + "vestaboard takes 'flaps: vestaboard' (or a set of its characters)")
    }
    return BoardDefinition(
      name: try top.required("name").string(),
      description: try top["description"]?.string(),
      rows: rows, cols: cols, order: order,
      flapSet: flapSet,
      hardware: hardware,
      motion: motion,
      offsets: try top["offsets"].map { reader throws(BoardFileError) in
        try BoardSections.offsets(
          reader, moduleCount: count, stepsPerRevolution: motion.stepsPerRevolution)
      } ?? Array(repeating: 0, count: count),
      reversed: try top["modules"].map { reader throws(BoardFileError) in
        try BoardSections.reversed(reader, moduleCount: count)
      } ?? Array(repeating: false, count: count),
      movingLimit: power?.maxMoving ?? count,
      supply: power?.supply,
      simulation: try top["simulation"].map { reader throws(BoardFileError) in
        try BoardSections.simulation(reader, moduleCount: count)
      } ?? SimulationParameters())
  }

  /// `flaps:` is a built-in set's name, or `{name, symbols}` for a custom set.
  private static func flapSet(_ reader: YAMLReader) throws(BoardFileError) -> FlapSet {
    do {
      if reader.node.scalar != nil {
        return try FlapSet.named(try reader.string())
      }
      let fields = try reader.fields(allowed: ["name", "symbols"], required: ["name", "symbols"])
      return try FlapSet(
        name: try fields.required("name").string(),
        notation: try fields.required("symbols").string())
    } catch let error as FlapSetError {
      throw reader.error(error.description)
    } catch let error as BoardFileError {
      throw error
    } catch {
      throw reader.error("\(error)")
    }
  }
}
