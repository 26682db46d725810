/// The program's version, for `--version`, the server header and MQTT discovery.
public enum ClackVersion {
  public static let current = "0.1.0"
}
