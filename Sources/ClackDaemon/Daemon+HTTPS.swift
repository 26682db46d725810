import ClackAPI
import ClackConfig
import ClackTLS
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging

extension Daemon {
  /// The certificate the API listener serves HTTPS with (docs/config.md, `tls`); nil when it
  /// speaks plain HTTP. The self-signed one is made, kept or renewed in the state directory.
  static func serverIdentity(config: DaemonConfig, stateDirectory: String, logger: Logger)
    throws(DaemonError) -> ServerIdentity?
  {
    guard config.servesHTTPS else {
      if !config.listen.isLoopback {
        logger.warning(
          "listening on \(config.listen) with plain HTTP (tls: off): the API key travels in clear")
      }
      return nil
    }
    if config.localAPIListen == nil {
      logger.info(
        """
        the Vestaboard Local API is served over HTTPS too; a Vestaboard tool speaks plain HTTP: \
        give it a listener of its own with local_api.listen (docs/vestaboard.md)
        """)
    }
    do {
      if case .own(let certificate, let key) = config.tls {
        let identity = try ServerIdentity.own(certificate: certificate, key: key)
        logger.info(
          "HTTPS with the certificate \(certificate) (SHA-256 \(identity.fingerprint))")
        return identity
      }
      let (identity, origin) = try ServerIdentity.selfSigned(
        stateDirectory: stateDirectory,
        names: CertificateNames.forThisMachine(listenHost: config.listen.host))
      let path = identity.certificatePath
      let what =
        switch origin {
        case .made: "made a self-signed certificate \(path)"
        case .renewed: "renewed the self-signed certificate \(path) with the same key"
        case .kept, .own: "HTTPS with the self-signed certificate \(path)"
        }
      let line =
        "\(what), valid until \(Self.day(identity.notValidAfter)); SHA-256 "
        + "\(identity.fingerprint); clack key --fingerprint prints it"
      logger.info("\(line)")
      return identity
    } catch {
      throw DaemonError("\(error)")
    }
  }

  /// `base` with TLS in front.
  static func https(_ base: HTTPServerBuilder, identity: ServerIdentity)
    throws(DaemonError) -> HTTPServerBuilder
  {
    do {
      return try .tls(base, tlsConfiguration: identity.serverConfiguration)
    } catch {
      throw DaemonError("cannot serve HTTPS with \(identity.certificatePath): \(error)")
    }
  }

  private static func day(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day())
  }
}
