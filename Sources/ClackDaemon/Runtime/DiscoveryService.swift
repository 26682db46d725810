import ClackDiscovery
import Foundation
import Logging
import ServiceLifecycle

/// Advertises the daemon on the LAN with DNS-SD (docs/discovery.md) once it serves, and
/// withdraws it when it stops. Without avahi-daemon it logs once how to get it and waits for
/// it; the daemon never depends on it.
struct DiscoveryService: Service {
  let advertisement: ClackAdvertisement
  let apiPort: Int
  let localAPIPort: Int?
  let serving: ServingFlag
  let logger: Logger

  func run() async throws {
    while !serving.isSet {
      try? await Task.sleep(for: .milliseconds(100))
      if Task.isCancelled || Task.isShuttingDownGracefully { return }
    }
    let name = ClackAdvertisement.instanceName(board: advertisement.board)
    let advertiser: DNSSDAdvertiser
    do {
      advertiser = try DNSSDAdvertiser(
        name: name, services: advertisement.services(apiPort: apiPort, localAPIPort: localAPIPort))
    } catch {
      logger.warning("not advertised on the LAN (DNS-SD): \(error)")
      return
    }
    defer { advertiser.stop() }
    await cancelWhenGracefulShutdown {
      var said: DNSSDAdvertiser.State?
      var waited = 0
      while !Task.isCancelled {
        let state = advertiser.state
        // A pending state is said only once it lasts (avahi-daemon missing, not just slow).
        if state != said, !(isPending(state) && waited < 5) {
          note(state)
          said = state
        }
        waited += 1
        try? await Task.sleep(for: .seconds(1))
      }
    }
  }

  private func isPending(_ state: DNSSDAdvertiser.State) -> Bool {
    if case .pending = state { true } else { false }
  }

  private func note(_ state: DNSSDAdvertiser.State) {
    let services =
      "\(ClackAdvertisement.apiType) port \(apiPort)"
      + (localAPIPort.map { ", \(ClackAdvertisement.localAPIType) port \($0)" } ?? "")
    switch state {
    case .advertised(let name):
      logger.info("advertised on the LAN as '\(name)' (\(services)): clack find lists it")
    case .pending(let why):
      logger.warning("not advertised on the LAN yet: \(why) (apt install avahi-daemon)")
    case .failed(let why):
      logger.warning("not advertised on the LAN: \(why)")
    }
  }
}
