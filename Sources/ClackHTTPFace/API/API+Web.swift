import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The web simulator and status page (docs/web.md), and the OpenAPI document: files built
/// into the program, so the page needs nothing from outside the daemon.
extension API {
  static let webFiles: [String: (bytes: [UInt8], type: String)] = [
    "/": (PackageResources.index_html, "text/html; charset=utf-8"),
    "/ui/app.js": (PackageResources.app_js, "text/javascript; charset=utf-8"),
    "/ui/calibration.js": (PackageResources.calibration_js, "text/javascript; charset=utf-8"),
    "/ui/app.css": (PackageResources.app_css, "text/css; charset=utf-8"),
    // The API's own description (docs/openapi.yaml is this file).
    "/openapi.yaml": (PackageResources.openapi_yaml, "application/yaml; charset=utf-8"),
  ]

  func addWebRoutes(_ router: Router<ClackRequestContext>) {
    for (path, file) in Self.webFiles {
      let bytes = path == "/" ? Self.page(keyCommand: access.keyCommand) : file.bytes
      router.get(RouterPath(path)) { _, _ in
        var headers = HTTPFields()
        headers[.contentType] = file.type
        // The page comes with the daemon: a new version must not meet a cached old script.
        headers[.cacheControl] = "no-cache"
        headers[.contentSecurityPolicy] =
          "default-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:"
        return Response(
          status: .ok, headers: headers,
          body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
      }
    }
  }

  /// The page, telling a user the command that prints this daemon's key (`clack sim`'s is
  /// not `clack run`'s).
  static func page(keyCommand: String) -> [UInt8] {
    let html = String(decoding: PackageResources.index_html, as: UTF8.self)
    let escaped = keyCommand.replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    return Array(
      html.replacingOccurrences(
        of: "<code>clack key</code>", with: "<code>\(escaped)</code>"
      ).utf8)
  }
}
