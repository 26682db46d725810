/// Makes the MQTT client this build has: libmosquitto's, or — built without the MQTT trait —
/// none, with an error that says how to get it.
public enum MQTTClientFactory {
  /// A client for `settings`; `will` is what the broker publishes if the connection drops
  /// without a goodbye. It does not connect until `start()`. `finder` looks for the broker
  /// before each connection when the settings say `host: auto`.
  public static func make(
    settings: MQTTSettings, clientID: String, will: (topic: String, payload: [UInt8]),
    finder: (any MQTTBrokerFinder)? = nil
  ) throws(MQTTTransportError) -> any MQTTTransport {
    #if MQTT && canImport(CMosquitto)
      guard !settings.findsBroker || finder != nil else {
        throw MQTTTransportError("mqtt.host is auto, but nothing here looks for a broker")
      }
      return try MosquittoTransport(
        settings: settings, clientID: clientID, will: will, finder: finder)
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
