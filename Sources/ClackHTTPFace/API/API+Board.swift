import ClackAPI
import ClackRuntime
import ClackWireMapping
import Foundation
import Hummingbird

extension API {
  /// `/board…`: what it shows, and the board commands (home, quiet, clear, brightness,
  /// script), each one of the service's `BoardCommand`s.
  func addBoardRoutes(_ v1: RouterGroup<ClackRequestContext>) {
    v1.get("board") { _, _ in Self.json(BoardView(await service.boardReading())) }
    v1.post("board/home") { _, _ in
      try await perform(.home)
      return Self.json(HomingStarted(), status: .accepted)
    }
    v1.put("board/quiet") { request, _ in
      let quiet = try QuietView.quiet(
        from: JSONValue.parse(Data(buffer: try await body(of: request))))
      try await perform(.quiet(quiet))
      return Self.json(QuietView(quiet: await service.boardReading().quiet))
    }
    v1.post("board/clear") { _, _ in
      try await perform(.clear)
      return Response(status: .noContent)
    }
    v1.get("board/brightness") { _, _ in Self.json(try await brightness()) }
    v1.put("board/brightness") { request, _ in
      let level = try BrightnessView.level(
        from: JSONValue.parse(Data(buffer: try await body(of: request))))
      try await perform(.brightness(level))
      return Self.json(try await brightness())
    }
    v1.get("board/script") { _, _ in Self.json(ScriptView(await service.script())) }
    v1.put("board/script") { request, _ in
      let script = try ScriptView.script(
        from: JSONValue.parse(Data(buffer: try await body(of: request))))
      try await perform(.script(script))
      return Self.json(ScriptView(await service.script()))
    }
    v1.get("board/glyphs") { _, _ in Self.json(GlyphsView(service.glyphs())) }
  }

  /// A pixel board's brightness; 409 on a flap board.
  func brightness() async throws(APIError) -> BrightnessView {
    guard let reading = await service.brightness() else {
      throw APIError.from(ServiceError.brightness(.notPixels(board: service.board.name)))
    }
    return BrightnessView(reading)
  }
}
