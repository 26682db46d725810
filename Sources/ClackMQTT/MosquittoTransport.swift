#if MQTT && canImport(CMosquitto)
  import CMosquitto
  import Foundation
  import Synchronization

  /// MQTT through libmosquitto. Its network loop runs on a thread of its own ("clack-mqtt"),
  /// which connects, reconnects with `ReconnectBackoff` and calls back on that thread; events
  /// reach async code through an `AsyncStream`. Nothing here runs on the executor thread or
  /// waits for it, so a dead broker never slows the board.
  final class MosquittoTransport: MQTTTransport {
    let events: AsyncStream<MQTTEvent>
    private let settings: MQTTSettings
    private let finder: (any MQTTBrokerFinder)?
    private let box: CallbackBox
    private let handle: MosquittoHandle

    /// `will` is published by the broker if the connection drops without a goodbye.
    init(
      settings: MQTTSettings, clientID: String, will: (topic: String, payload: [UInt8]),
      finder: (any MQTTBrokerFinder)? = nil
    )
      throws(MQTTTransportError)
    {
      self.settings = settings
      self.finder = finder
      let (stream, continuation) = AsyncStream.makeStream(
        of: MQTTEvent.self, bufferingPolicy: .bufferingNewest(1024))
      events = stream
      box = CallbackBox(continuation: continuation)
      try MosquittoLibrary.initialise()
      // clean_session false: the broker keeps our subscriptions and QoS 1 messages while we are
      // away, and delivers them when we are back.
      guard
        let pointer = mosquitto_new(
          clientID, false, Unmanaged.passUnretained(box).toOpaque())
      else {
        throw MQTTTransportError("libmosquitto could not make a client (out of memory?)")
      }
      handle = MosquittoHandle(pointer)
      do {
        try configure(clientID: clientID, will: will)
      } catch {
        mosquitto_destroy(pointer)
        throw error
      }
    }

    private func configure(clientID: String, will: (topic: String, payload: [UInt8]))
      throws(MQTTTransportError)
    {
      let mosq = handle.pointer
      try check(mosquitto_threaded_set(mosq, true), "threaded mode")
      mosquitto_connect_callback_set(mosq, mosquittoOnConnect)
      mosquitto_message_callback_set(mosq, mosquittoOnMessage)
      mosquitto_publish_callback_set(mosq, mosquittoOnPublish)
      try check(
        mosquitto_will_set(mosq, will.topic, Int32(will.payload.count), will.payload, 1, true),
        "the last will on \(will.topic)")
      if let username = settings.username {
        try check(mosquitto_username_pw_set(mosq, username, settings.password), "username")
      }
      if let tls = settings.tls {
        try check(
          mosquitto_tls_set(
            mosq, tls.caFile, tls.caFile == nil ? MQTTSettings.systemCAPath : nil, tls.certFile,
            tls.keyFile, nil),
          "mqtt.tls (ca_file \(tls.caFile ?? MQTTSettings.systemCAPath), cert_file "
            + "\(tls.certFile ?? "none"), key_file \(tls.keyFile ?? "none"))")
        if tls.insecure { try check(mosquitto_tls_insecure_set(mosq, true), "mqtt.tls.insecure") }
      }
    }

    func start() throws(MQTTTransportError) {
      let thread = Thread { [settings, box, handle, finder] in
        NetworkLoop(settings: settings, box: box, handle: handle, finder: finder).run()
      }
      thread.name = "clack-mqtt"
      thread.start()
    }

    func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool)
      throws(MQTTTransportError)
    {
      let rc = mosquitto_publish(
        handle.pointer, nil, topic, Int32(payload.count), payload, Int32(qos), retain)
      // Not connected: QoS 0 is dropped (state is published again on connect); QoS 1 is queued.
      if rc == MOSQ_ERR_NO_CONN.rawValue { return }
      try check(rc, "publishing to \(topic)")
    }

    func publishConfirmed(topic: String, payload: [UInt8], retain: Bool, timeout: Duration)
      async throws(MQTTTransportError)
    {
      guard box.isConnected else {
        throw MQTTTransportError("MQTT: not connected to the broker, so \(topic) was not published")
      }
      var id: Int32 = 0
      let rc = mosquitto_publish(
        handle.pointer, &id, topic, Int32(payload.count), payload, 1, retain)
      try check(rc, "publishing to \(topic)")
      guard await box.confirmations.wait(for: id, timeout: timeout) else {
        throw MQTTTransportError(
          "MQTT: the broker did not acknowledge \(topic) within \(timeout.components.seconds) s")
      }
    }

    func subscribe(_ topic: String, qos: Int) throws(MQTTTransportError) {
      box.addSubscription(topic, qos: qos)
      let rc = mosquitto_subscribe(handle.pointer, nil, topic, Int32(qos))
      if rc == MOSQ_ERR_NO_CONN.rawValue { return }  // subscribed on connect
      try check(rc, "subscribing to \(topic)")
    }

    func stop(finalPublish: (topic: String, payload: [UInt8])?) async {
      box.requestStop(finalPublish: finalPublish)
      // The loop thread says goodbye, disconnects and exits; give it a moment.
      for _ in 0..<150 where !box.loopEnded {
        try? await Task.sleep(for: .milliseconds(20))
      }
      if box.loopEnded { mosquitto_destroy(handle.pointer) }
      box.finish()
    }

    private func check(_ rc: Int32, _ what: String) throws(MQTTTransportError) {
      guard rc == MOSQ_ERR_SUCCESS.rawValue else {
        throw MQTTTransportError("MQTT \(what): \(MosquittoLibrary.describe(rc))")
      }
    }
  }

  /// The client pointer. libmosquitto in threaded mode locks around its own state, so the
  /// pointer may be used from the loop thread and from publishers at once.
  final class MosquittoHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
  }

  /// libmosquitto, opened the first time a client is made (not linked: see CMosquitto.h).
  enum MosquittoLibrary {
    private static let once: String? = {
      guard clack_mosquitto_load() else { return String(cString: clack_mosquitto_load_error()) }
      _ = mosquitto_lib_init()
      return nil
    }()

    static func initialise() throws(MQTTTransportError) {
      if let failure = once {
        throw MQTTTransportError(
          "MQTT needs libmosquitto (apt install libmosquitto1), which could not be loaded:"
            + " \(failure)")
      }
    }

    static func describe(_ rc: Int32) -> String {
      if rc == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
      return String(cString: mosquitto_strerror(rc))
    }
  }
#endif
