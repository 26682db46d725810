import ClackAPI
import Hummingbird

extension API {
  /// `POST /api/v1/key/reload`: reads the key file again (`clack key --rotate` has written a
  /// new key there), after which the old key is refused. It needs the key the daemon holds
  /// until then, as every write does.
  func addKeyRoutes(_ group: RouterGroup<ClackRequestContext>) {
    group.post("key/reload") { _, context in
      let changed: Bool
      do {
        changed = try access.keys.reload()
      } catch {
        throw APIError(.internalServerError, code: "key_file", message: "\(error)")
      }
      if changed {
        context.logger.notice(
          "the API key was changed in \(access.keys.path ?? "its file"); the old one is refused from now on"
        )
      }
      return Self.json(KeyReloadWire(changed: changed))
    }
  }
}
