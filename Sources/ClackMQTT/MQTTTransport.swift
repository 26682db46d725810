/// What happens on the connection to the broker, as the bridge sees it.
public enum MQTTEvent: Sendable, Hashable {
  case connected
  /// The connection was lost or refused; the transport retries after `retryInSeconds`.
  case disconnected(reason: String, retryInSeconds: Int)
  case message(topic: String, payload: [UInt8], qos: Int)
}

/// A connection to an MQTT broker. libmosquitto's (`MosquittoTransport`) is the real one; the
/// bridge needs no more than this, so its logic is tested without a broker.
public protocol MQTTTransport: Sendable {
  /// Events in order, from the moment `start` is called; ends after `stop`.
  var events: AsyncStream<MQTTEvent> { get }
  /// Starts connecting (in the background; it never blocks the caller).
  func start() throws(MQTTTransportError)
  /// Queues a publish; it is sent when connected. Safe from any thread.
  func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool)
    throws(MQTTTransportError)
  /// Publishes at QoS 1 and returns once the broker has acknowledged it (PUBACK): what a
  /// wall's leader waits for before it acknowledges a message it replicates. Throws when the
  /// broker is not connected or has not answered within `timeout`.
  func publishConfirmed(topic: String, payload: [UInt8], retain: Bool, timeout: Duration)
    async throws(MQTTTransportError)
  func subscribe(_ topic: String, qos: Int) throws(MQTTTransportError)
  /// Publishes `offline` (a clean disconnect sends no last will), disconnects and stops.
  func stop(finalPublish: (topic: String, payload: [UInt8])?) async
}

public struct MQTTTransportError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
