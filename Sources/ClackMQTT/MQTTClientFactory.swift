/// Makes the MQTT client this build has: libmosquitto's, or — built without the MQTT trait —
/// none, with an error that says how to get it.
public enum MQTTClientFactory {
  /// A client for `settings`; `will` is what the broker publishes if the connection drops
  /// without a goodbye. It does not connect until `start()`.
  public static func make(
    settings: MQTTSettings, clientID: String, will: (topic: String, payload: [UInt8])
  ) throws(MQTTTransportError) -> any MQTTTransport {
    #if MQTT && canImport(CMosquitto)
      return try MosquittoTransport(settings: settings, clientID: clientID, will: will)
    #else
      throw MQTTTransportError(
        "the config has an mqtt section, but this clack was built without MQTT "
          + "(install libmosquitto-dev and build with the MQTT trait)")
    #endif
  }

  /// Nil when this build's MQTT client can be used here, else why not: libmosquitto is opened
  /// the first time a client is made, so a missing library shows only then (or here).
  public static func libraryProblem() -> String? {
    #if MQTT && canImport(CMosquitto)
      do {
        try MosquittoLibrary.initialise()
        return nil
      } catch {
        return error.description
      }
    #else
      return "this clack was built without MQTT"
    #endif
  }
}
