import ClackCore
import Foundation
import Yams

/// A board file (`boards/*.yaml`): what a board is. This first part of the schema covers
/// geometry and the flap set; see docs/boards.md.
public struct BoardDefinition: Hashable, Sendable {
  public let name: String
  public let description: String?
  public let rows: Int
  public let cols: Int
  public let flapSet: FlapSet

  public static let maxRows = 64
  public static let maxCols = 128

  /// A text layout for this board.
  public var layout: TextLayout { TextLayout(rows: rows, cols: cols, flapSet: flapSet) }

  /// Reads and validates a board file.
  public static func load(path: String) throws(BoardFileError) -> BoardDefinition {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw BoardFileError(
        file: path, line: nil, column: nil, field: nil,
        message: exists ? "cannot be read (check its permissions)" : "no such file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw BoardFileError(
        file: path, line: nil, column: nil, field: nil, message: "is not UTF-8 text")
    }
    return try parse(yaml: text, file: path)
  }

  /// Validates board-file text; `file` is only used in error messages.
  public static func parse(yaml: String, file: String) throws(BoardFileError) -> BoardDefinition {
    let root: Node
    do {
      guard let node = try Yams.compose(yaml: yaml) else {
        throw BoardFileError(
          file: file, line: nil, column: nil, field: nil, message: "the file is empty")
      }
      root = node
    } catch let error as BoardFileError {
      throw error
    } catch {
      throw BoardFileError(
        file: file, line: nil, column: nil, field: nil, message: "is not valid YAML: \(error)")
    }
    let top = try YAMLReader(file: file, node: root, path: "").fields(
      allowed: ["name", "description", "geometry", "flaps"],
      required: ["name", "geometry", "flaps"])
    let name = try top.required("name").string()
    let geometry = try top.required("geometry").fields(
      allowed: ["rows", "cols"], required: ["rows", "cols"])
    return BoardDefinition(
      name: name,
      description: try top["description"]?.string(),
      rows: try geometry.required("rows").int(in: 1...maxRows),
      cols: try geometry.required("cols").int(in: 1...maxCols),
      flapSet: try flapSet(try top.required("flaps")))
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
