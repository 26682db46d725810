#if MQTT && canImport(CMosquitto)
  import CMosquitto
  import Foundation
  import Synchronization

  /// What the callbacks and the loop thread share with the transport: the event stream, the
  /// subscriptions to renew on each connect, and the stop request.
  final class CallbackBox: Sendable {
    private let continuation: AsyncStream<MQTTEvent>.Continuation
    /// QoS 1 publishes waiting for their PUBACK (`publishConfirmed`).
    let confirmations = PublishConfirmations()
    private let state = Mutex(Shared())

    private struct Shared {
      var subscriptions: [(topic: String, qos: Int)] = []
      var stopRequested = false
      var finalPublish: (topic: String, payload: [UInt8])?
      var loopEnded = false
      /// Why the broker refused the last CONNECT, if it did.
      var refusal: String?
      var connected = false
      /// Between the broker's CONNACK and the loss of the connection.
      var online = false
    }

    init(continuation: AsyncStream<MQTTEvent>.Continuation) {
      self.continuation = continuation
    }

    func emit(_ event: MQTTEvent) { continuation.yield(event) }
    func finish() { continuation.finish() }

    func addSubscription(_ topic: String, qos: Int) {
      state.withLock { $0.subscriptions.append((topic, qos)) }
    }
    var subscriptions: [(topic: String, qos: Int)] { state.withLock { $0.subscriptions } }

    func requestStop(finalPublish: (topic: String, payload: [UInt8])?) {
      state.withLock {
        $0.stopRequested = true
        $0.finalPublish = finalPublish
      }
    }
    var stopRequested: Bool { state.withLock { $0.stopRequested } }
    var finalPublish: (topic: String, payload: [UInt8])? { state.withLock { $0.finalPublish } }

    var loopEnded: Bool { state.withLock { $0.loopEnded } }
    func endLoop() { state.withLock { $0.loopEnded = true } }

    /// Called on the loop thread by `onConnect`.
    func connectAnswered(code: Int32) {
      // "Connection Refused: not authorised." reads better in a log line without its stop.
      let refusal =
        code == 0
        ? nil
        : String(String(cString: mosquitto_connack_string(code)).trimmingSuffix("."))
      state.withLock {
        $0.refusal = refusal
        $0.connected = code == 0
      }
    }
    var isConnected: Bool { state.withLock(\.online) }
    func setOnline(_ online: Bool) { state.withLock { $0.online = online } }

    func takeConnectOutcome() -> (connected: Bool, refusal: String?) {
      state.withLock {
        let outcome = ($0.connected, $0.refusal)
        $0.connected = false
        $0.refusal = nil
        return outcome
      }
    }
  }

  /// The body of the "clack-mqtt" thread: connect, run the loop until the connection drops,
  /// wait out the backoff, and again — until a stop is requested.
  struct NetworkLoop {
    let settings: MQTTSettings
    let box: CallbackBox
    let handle: MosquittoHandle
    let finder: (any MQTTBrokerFinder)?

    /// The configured broker, or (`host: auto`) the one found on the LAN now.
    private func broker() -> Result<MQTTBrokerAddress, MQTTTransportError> {
      guard settings.findsBroker, let finder else {
        return .success(MQTTBrokerAddress(host: settings.host, port: settings.port))
      }
      return finder.find()
    }

    func run() {
      var backoff = ReconnectBackoff()
      defer { box.endLoop() }
      while !box.stopRequested {
        let mosq = handle.pointer
        let address: MQTTBrokerAddress
        switch broker() {
        case .success(let found): address = found
        case .failure(let error):
          let delay = backoff.nextDelay()
          box.emit(.disconnected(reason: error.description, retryInSeconds: delay))
          for _ in 0..<(delay * 10) where !box.stopRequested { usleep(100_000) }
          continue
        }
        var rc = mosquitto_connect(
          mosq, address.host, Int32(address.port), Int32(settings.keepAliveSeconds))
        var everConnected = false
        var refusal: String?
        if rc == MOSQ_ERR_SUCCESS.rawValue {
          while !box.stopRequested {
            rc = mosquitto_loop(mosq, 100, 1)
            let outcome = box.takeConnectOutcome()
            if outcome.connected {
              everConnected = true
              backoff.connected()
              subscribeAll()
              box.setOnline(true)
              box.emit(.connected)
            }
            refusal = outcome.refusal
            if refusal != nil || rc != MOSQ_ERR_SUCCESS.rawValue { break }
          }
          box.setOnline(false)
          if box.stopRequested {
            sayGoodbye()
            return
          }
        }
        let delay = backoff.nextDelay()
        let reason =
          refusal
          ?? "\(everConnected ? "lost the connection to" : "could not connect to") "
          + "\(address.host):\(address.port): \(MosquittoLibrary.describe(rc))"
        box.emit(.disconnected(reason: reason, retryInSeconds: delay))
        // Wait in slices, so a stop is quick even during a 30 s backoff.
        for _ in 0..<(delay * 10) where !box.stopRequested { usleep(100_000) }
      }
    }

    private func subscribeAll() {
      for (topic, qos) in box.subscriptions {
        _ = mosquitto_subscribe(handle.pointer, nil, topic, Int32(qos))
      }
    }

    /// A clean disconnect sends no last will, so say `offline` first.
    private func sayGoodbye() {
      let mosq = handle.pointer
      if let final = box.finalPublish {
        var mid: Int32 = 0
        _ = mosquitto_publish(
          mosq, &mid, final.topic, Int32(final.payload.count), final.payload, 1, true)
      }
      _ = mosquitto_disconnect(mosq)
      // Let the loop write the goodbye and the DISCONNECT out; it returns once disconnected.
      for _ in 0..<20 where mosquitto_loop(mosq, 50, 1) == MOSQ_ERR_SUCCESS.rawValue {}
    }
  }

  extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
      hasSuffix(suffix) ? dropLast(suffix.count) : Substring(self)
    }
  }

  // The callbacks are file-scope @convention(c) closures, not closures written in isolated
  // code: libmosquitto calls them on its loop thread (see shared/notes/swift-build.md).
  let mosquittoOnConnect: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void =
    { _, user, code in
      guard let user else { return }
      Unmanaged<CallbackBox>.fromOpaque(user).takeUnretainedValue().connectAnswered(code: code)
    }

  let mosquittoOnPublish: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void =
    { _, user, id in
      guard let user else { return }
      Unmanaged<CallbackBox>.fromOpaque(user).takeUnretainedValue().confirmations.confirmed(id)
    }

  let mosquittoOnMessage:
    @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafePointer<mosquitto_message>?)
      -> Void = { _, user, message in
        guard let user, let message, let topic = message.pointee.topic else { return }
        let count = Int(max(0, message.pointee.payloadlen))
        let payload =
          if let bytes = message.pointee.payload, count > 0 {
            Array(UnsafeRawBufferPointer(start: bytes, count: count))
          } else { [UInt8]() }
        Unmanaged<CallbackBox>.fromOpaque(user).takeUnretainedValue().emit(
          .message(topic: String(cString: topic), payload: payload, qos: Int(message.pointee.qos)))
      }
#endif
