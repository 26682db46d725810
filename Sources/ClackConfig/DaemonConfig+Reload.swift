import ClackRuntime

extension DaemonConfig {
  /// The settings (named as in the config file) that differ from `running`'s and only a
  /// restart applies: the board, the listener, the state and key files, the Local API, MQTT,
  /// the wall, discovery, HTTP limits, the zones and the live sources (their fetchers start with the daemon).
  /// Everything else a reload applies at once.
  public func restartOnlyChanges(comparedTo running: DaemonConfig) -> [String] {
    var changed: [String] = []
    if boardPath != running.boardPath { changed.append("board") }
    if listen != running.listen { changed.append("listen") }
    if stateDirectory != running.stateDirectory { changed.append("state") }
    if apiKeyFile != running.apiKeyFile { changed.append("api_key_file") }
    if localAPIEnablementToken != running.localAPIEnablementToken { changed.append("local_api") }
    if mqtt != running.mqtt { changed.append("mqtt") }
    if wall != running.wall { changed.append("wall") }
    if discovery != running.discovery { changed.append("discovery") }
    if http != running.http { changed.append("http") }
    if runtime.zones != running.runtime.zones { changed.append("zones") }
    if runtime.sources != running.runtime.sources { changed.append("sources") }
    if schedulesNeedNewZones(running) { changed.append("schedules (they name the new zones)") }
    return changed
  }

  /// True when the zones changed and a schedule entry names a zone that only they have.
  private func schedulesNeedNewZones(_ running: DaemonConfig) -> Bool {
    guard runtime.zones != running.runtime.zones else { return false }
    let runningZones = Set(
      running.runtime.zones.isEmpty ? ["main"] : running.runtime.zones.map(\.name))
    return runtime.schedules.contains { !runningZones.contains($0.zone) }
  }

  /// This config as a reload applies it over `running`: what only a restart changes stays as
  /// it runs. A zone's senders move with the zones (they name them).
  public func applicable(over running: DaemonConfig) -> DaemonConfig {
    var applied = running
    applied.runtime = runtime
    // The running fetchers go on; a page reading a source only the new config has shows
    // its default until the restart.
    applied.runtime.sources = running.runtime.sources
    if runtime.zones != running.runtime.zones {
      applied.runtime.zones = running.runtime.zones
      applied.runtime.senderZones = running.runtime.senderZones
    }
    if schedulesNeedNewZones(running) { applied.runtime.schedules = running.runtime.schedules }
    return applied
  }
}
