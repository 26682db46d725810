import ClackCore
import ClackHardware
import Foundation

/// `clack render --vbml FILE`: a VBML document composed for the board, pictured as the board
/// shows it (or its codes as JSON).
struct VBMLRender {
  let file: String
  let json: Bool

  func output(on preview: any BoardPreview, style: PreviewStyle) throws -> String {
    let document = try Self.document(from: file)
    let layout = preview.layout
    var random = SystemRandomNumberGenerator()
    let frame: Frame
    do {
      frame = try VBMLComposer(rows: layout.rows, cols: layout.cols).frame(
        document, flapSet: layout.flapSet, random: &random)
    } catch {
      throw CommandFailure("\(file): \(error) (on \(preview.name))")
    }
    let (picture, notes) = try preview.picture(of: frame, style: style)
    if json {
      FileHandle.standardError.write(Data(notes.utf8))
      return try FrameOutput.json(frame)
    }
    return picture + "VBML \(file): \(frame.rows)×\(frame.cols), \(preview.name)\n" + notes
  }

  /// The document in `file` (`-`: standard input), each mistake named with the file.
  static func document(from file: String) throws -> VBMLDocument {
    do {
      return try VBMLDocument(json: try JSONFile.read(file))
    } catch let error as VBMLError {
      throw CommandFailure("\(file): \(error)")
    }
  }
}

/// A JSON file a command reads (`-`: standard input).
enum JSONFile {
  static func read(_ file: String) throws -> JSONValue {
    let data: Data
    if file == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: file))
      } catch {
        throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
      }
    }
    guard let json = JSONValue.parse(data) else {
      throw CommandFailure("\(file): not JSON (a VBML document is a JSON object)")
    }
    return json
  }
}
