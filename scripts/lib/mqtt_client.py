"""A small MQTT 3.1.1 client over a plain socket, for Clack's tests (Python stdlib only).

It can publish (QoS 0 or 1, retained or not, and with the DUP flag set, to resend a packet
exactly as a publisher retrying it would), subscribe, and read what arrives. Loopback only:
the tests never talk to any other address.
"""

import socket
import struct
import time


def _varint(n):
    out = bytearray()
    while True:
        byte = n % 128
        n //= 128
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _string(text):
    data = text.encode() if isinstance(text, str) else text
    return struct.pack("!H", len(data)) + data


class MQTTClient:
    def __init__(self, port, client_id, host="127.0.0.1", clean=True, will=None, keepalive=60):
        # Loopback, or the bridge scripts/lib/wall_test.py makes for its own hosts.
        assert host in ("127.0.0.1", "::1", "localhost") or host.startswith("10.231.0."), \
            "tests stay on loopback or the wall test's own bridge"
        self.sock = socket.create_connection((host, port), timeout=5)
        self.buffer = b""
        self.next_id = 1
        flags = 0x02 if clean else 0
        payload = _string(client_id)
        if will:
            topic, message, retain = will
            flags |= 0x04 | 0x08 | (0x20 if retain else 0)  # will, QoS 1, retain
            payload += _string(topic) + _string(message)
        variable = _string("MQTT") + bytes([4, flags]) + struct.pack("!H", keepalive)
        self._send(0x10, variable + payload)
        header, body = self._read_packet(5)
        if header & 0xF0 != 0x20 or body[1] != 0:
            raise RuntimeError(f"CONNACK refused: {body!r}")
        self.pending = []

    def _send(self, header, body):
        self.sock.sendall(bytes([header]) + _varint(len(body)) + body)

    def _complete_packet(self):
        """The first whole packet in the buffer as (header, body), taken out of it; or None."""
        if len(self.buffer) < 2:
            return None
        length, shift, index = 0, 0, 1
        while True:
            if index >= len(self.buffer):
                return None
            byte = self.buffer[index]
            length |= (byte & 0x7F) << shift
            shift += 7
            index += 1
            if not byte & 0x80:
                break
        if len(self.buffer) < index + length:
            return None
        header, body = self.buffer[0], self.buffer[index : index + length]
        self.buffer = self.buffer[index + length :]
        return header, body

    def _read_packet(self, timeout):
        """The next packet, waiting up to `timeout` seconds; a partial one stays buffered."""
        deadline = time.monotonic() + timeout
        while True:
            packet = self._complete_packet()
            if packet:
                return packet
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no packet from the broker in time")
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                raise TimeoutError("no packet from the broker in time") from None
            if not chunk:
                raise ConnectionError("the broker closed the connection")
            self.buffer += chunk

    def publish(self, topic, payload, qos=0, retain=False, packet_id=None, dup=False):
        """Sends one PUBLISH; for QoS 1 returns its packet id (the PUBACK is read later)."""
        data = payload.encode() if isinstance(payload, str) else payload
        header = 0x30 | (qos << 1) | (0x01 if retain else 0) | (0x08 if dup else 0)
        body = _string(topic)
        if qos:
            if packet_id is None:
                packet_id = self.next_id
                self.next_id += 1
            body += struct.pack("!H", packet_id)
        self._send(header, body + data)
        return packet_id

    def subscribe(self, topic, qos=1):
        packet_id = self.next_id
        self.next_id += 1
        self._send(0x82, struct.pack("!H", packet_id) + _string(topic) + bytes([qos]))
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            header, body = self._read_packet(deadline - time.monotonic())
            if header & 0xF0 == 0x90:
                return
            self._keep(header, body)
        raise TimeoutError("no SUBACK")

    def _keep(self, header, data):
        if header & 0xF0 != 0x30:
            return  # PUBACKs and the like
        (length,) = struct.unpack("!H", data[:2])
        topic = data[2 : 2 + length].decode()
        rest = data[2 + length :]
        qos = (header >> 1) & 3
        if qos:
            (packet_id,) = struct.unpack("!H", rest[:2])
            rest = rest[2:]
            self._send(0x40, struct.pack("!H", packet_id))  # PUBACK
        self.pending.append((topic, rest, bool(header & 1)))

    def messages(self, seconds):
        """Everything that arrives within `seconds`: (topic, payload bytes, retained)."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            try:
                header, body = self._read_packet(remaining)
            except TimeoutError:
                break
            self._keep(header, body)
        out, self.pending = self.pending, []
        return out

    def wait_for(self, predicate, seconds):
        """The first message for which predicate(topic, payload) holds, within `seconds`."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for index, (topic, payload, retained) in enumerate(self.pending):
                if predicate(topic, payload):
                    del self.pending[index]
                    return topic, payload, retained
            try:
                header, body = self._read_packet(max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                break
            self._keep(header, body)
        for index, (topic, payload, retained) in enumerate(self.pending):
            if predicate(topic, payload):
                del self.pending[index]
                return topic, payload, retained
        return None

    def disconnect(self):
        try:
            self._send(0xE0, b"")
        finally:
            self.sock.close()
