import ClackAPI
import ClackBoard
import ClackMQTT
import Foundation

extension YAMLReader {
  /// The `mqtt:` section (docs/config.md). Errors name the field, as the rest of the file's do.
  func mqttSettings(resolve: (String) -> String) throws(BoardFileError) -> MQTTSettings {
    let fields = try fields(
      allowed: [
        "host", "port", "username", "password", "password_file", "client_id", "prefix",
        "board", "tls", "discovery", "discovery_prefix", "redelivery_window", "keepalive",
      ],
      required: ["host"])
    let hostField = try fields.required("host")
    let host = try hostField.string()
    guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else {
      throw hostField.error("must be a host name or address, such as 192.168.1.10 or broker.lan")
    }
    var tls: MQTTSettings.TLS?
    if let tlsField = fields["tls"] { tls = try tlsField.mqttTLS(resolve: resolve) }
    var settings = MQTTSettings(
      host: host, port: try fields["port"]?.int(in: 1...65535), tls: tls)
    settings.username = try fields["username"]?.string()
    if let password = fields["password"], let file = fields["password_file"] {
      throw file.error("give password or password_file, not both (\(password.path) is set)")
    }
    settings.password = try fields["password"]?.string()
    if let file = fields["password_file"] {
      let path = resolve(try file.string())
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw file.error("cannot read \(path)")
      }
      settings.password = text.trimmingCharacters(in: .newlines)
    }
    if settings.password != nil, settings.username == nil {
      throw error("a password needs a username")
    }
    if let id = fields["client_id"] {
      let text = try id.string()
      guard (1...65535).contains(text.utf8.count) else { throw id.error("must not be empty") }
      settings.clientID = text
    }
    if let prefix = fields["prefix"] { settings.prefix = try prefix.topicLevels() }
    if let board = fields["board"] {
      let text = try board.string()
      guard MQTTTopics.slug(text) == text else {
        throw board.error(
          "'\(text)' cannot be one topic level; use lower-case letters, digits, - and _, "
            + "such as \(MQTTTopics.slug(text))")
      }
      settings.board = text
    }
    if let discovery = fields["discovery"], try !discovery.bool() {
      settings.discoveryPrefix = nil
    } else if let prefix = fields["discovery_prefix"] {
      settings.discoveryPrefix = try prefix.topicLevels()
    }
    if let window = fields["redelivery_window"] {
      settings.redeliveryWindow = try window.duration()
    }
    if let keepalive = fields["keepalive"] {
      settings.keepAliveSeconds = Int(try keepalive.duration())
      guard (5...3600).contains(settings.keepAliveSeconds) else {
        throw keepalive.error("must be from 5s to 1h")
      }
    }
    return settings
  }

  /// `tls: true` (the system's CAs) or a mapping of files.
  private func mqttTLS(resolve: (String) -> String) throws(BoardFileError) -> MQTTSettings.TLS? {
    if node.scalar != nil { return try bool() ? MQTTSettings.TLS() : nil }
    let fields = try fields(
      allowed: ["ca_file", "cert_file", "key_file", "insecure"], required: [])
    var tls = MQTTSettings.TLS()
    for (name, keyPath) in [
      ("ca_file", \MQTTSettings.TLS.caFile), ("cert_file", \.certFile), ("key_file", \.keyFile),
    ] {
      guard let field = fields[name] else { continue }
      let path = resolve(try field.string())
      guard FileManager.default.isReadableFile(atPath: path) else {
        throw field.error("cannot read \(path)")
      }
      tls[keyPath: keyPath] = path
    }
    if (tls.certFile == nil) != (tls.keyFile == nil) {
      throw error("cert_file and key_file go together (a client certificate needs its key)")
    }
    tls.insecure = try fields["insecure"]?.bool() ?? false
    return tls
  }

  /// One or more topic levels without wildcards, such as `clack` or `home/boards`.
  private func topicLevels() throws(BoardFileError) -> String {
    let text = try string()
    let levels = text.split(separator: "/", omittingEmptySubsequences: false)
    guard !text.isEmpty, levels.allSatisfy({ !$0.isEmpty }), !text.contains("+"),
      !text.contains("#")
    else {
      throw error("'\(text)' is not a topic prefix: no empty levels, no + or #")
    }
    return text
  }
}
