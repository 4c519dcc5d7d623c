#!/usr/bin/env python3
"""A loopback stand-in that answers verifyReceipt requests with hostile or unusual HTTP, for appreceipt's tests.

    python3 Tests/StandIn/http_attack_standin.py [--tls-cert CERT.pem --tls-key KEY.pem] [--lifetime S]

Python 3.11 standard library only. It binds 127.0.0.1 on an ephemeral port, prints exactly `PORT <n>` and a
newline on stdout, and serves until its standard input reaches end of file or its lifetime (300 s at most)
runs out. It writes raw bytes on the socket (no http.server), so that it can send what a well-behaved server
never would. The first path segment of the request names the attack (`POST /<attack>[~tag]/...`); see ATTACKS
and Tests/StandIn/README.md. Each connection reads one request and gets one answer, then is closed. A request in
absolute form (`POST http://host/<attack>/...`, as a client sends it to an HTTP proxy) is answered the same way,
and with --tls-cert a `CONNECT` (as a client sends it to an HTTPS proxy) is accepted and the TLS inside the tunnel
served as if the client had connected directly.
"""
from __future__ import annotations

import argparse
import pathlib
import socket
import socketserver
import ssl
import sys
import time

from verify_receipt_standin import serve_until_stopped  # the same start-up and stop as the verifyReceipt stand-in

MAX_LIFETIME = 300.0
MAX_REQUEST = 1 << 20
# The verifyReceipt answer the well-framed attacks carry: a real status (21002, "malformed receipt data"), so a
# client that takes the answer prints it and exits 1, and one that refuses it exits 69.
ANSWER = b'{"status": 21002}'
# 32 MiB on the wire, one byte of body per chunk (`1\r\nX\r\n`, six bytes each): the answer, then spaces (JSON
# whitespace), about 5.6 million chunks. `one-byte-chunks-<N>` sends N MiB instead (for measuring; N <= 256).
ONE_BYTE_CHUNKS_WIRE = 32 << 20


def head(status_line: bytes, *fields: bytes) -> bytes:
    return status_line + b"\r\n" + b"".join(field + b"\r\n" for field in fields) + b"\r\n"


def fixed(status_line: bytes, *fields: bytes, body: bytes = ANSWER) -> bytes:
    return head(status_line, b"Content-Type: application/json", *fields) + body


def chunked(*size_lines: bytes) -> bytes:
    """A chunked answer whose chunk-size lines are given; each chunk carries a few bytes, then the stream ends."""
    out = head(b"HTTP/1.1 200 OK", b"Content-Type: application/json", b"Transfer-Encoding: chunked")
    for size in size_lines:
        out += size + b"\r\n" + ANSWER + b"\r\n"
    return out


# attack -> the bytes sent after the request was read (the connection is then closed without close_notify)
ATTACKS: dict[str, bytes] = {
    "chunk-negative": chunked(b"-1"),
    "chunk-huge": chunked(b"7fffffffffffffff"),
    "chunk-overflow": chunked(b"ffffffffffffffffffff"),
    "not-found-json": fixed(b"HTTP/1.1 404 Not Found", b"Content-Length: %d" % len(ANSWER)),
    "redirect-json": fixed(
        b"HTTP/1.1 307 Temporary Redirect", b"Location: /production-success/production/verifyReceipt",
        b"Content-Length: %d" % len(ANSWER)),
    "conflicting-length": fixed(
        b"HTTP/1.1 200 OK", b"Content-Length: %d" % len(ANSWER), b"Content-Length: %d" % (len(ANSWER) + 2),
        body=ANSWER + b"  "),
    "signed-length": fixed(b"HTTP/1.1 200 OK", b"Content-Length: +%d" % len(ANSWER)),
    "plus-status": fixed(b"HTTP/1.1 +200 OK", b"Content-Length: %d" % len(ANSWER)),
    "close-delimited": fixed(b"HTTP/1.1 200 OK", b"Connection: close"),
    "well-formed": fixed(b"HTTP/1.1 200 OK", b"Content-Length: %d" % len(ANSWER)),
}
# Attacks whose answer is written by a function, not given as bytes.
SPECIAL = ("drip", "one-byte-chunks", "one-byte-chunks-<N>")


def read_request(stream: socket.socket) -> bytes | None:
    """The request's first line once the head and a Content-Length body have arrived; None if it never does."""
    data = b""
    while b"\r\n\r\n" not in data:
        more = stream.recv(65536)
        if not more or len(data) > MAX_REQUEST:
            return None
        data += more
    head_bytes, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head_bytes.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = min(int(value.strip() or b"0"), MAX_REQUEST)
    while len(body) < length:
        more = stream.recv(65536)
        if not more:
            return None
        body += more
    return head_bytes.split(b"\r\n", 1)[0]


def send_one_byte_chunks(stream: socket.socket, wire: int) -> None:
    """About `wire` bytes of chunked body, one byte in each chunk, written in blocks of about 768 KiB."""
    stream.sendall(head(b"HTTP/1.1 200 OK", b"Content-Type: application/json", b"Transfer-Encoding: chunked"))
    stream.sendall(b"".join(b"1\r\n" + bytes([byte]) + b"\r\n" for byte in ANSWER))
    spaces = wire // 6 - len(ANSWER)
    block_chunks = 1 << 17
    block = b"1\r\n \r\n" * block_chunks
    while spaces >= block_chunks:
        stream.sendall(block)
        spaces -= block_chunks
    stream.sendall(b"1\r\n \r\n" * spaces + b"0\r\n\r\n")


def send_drip(stream: socket.socket, deadline: float) -> None:
    """A well-formed answer padded to ten minutes' worth of bytes, one byte a second (one TLS record each)."""
    answer = fixed(b"HTTP/1.1 200 OK", b"Content-Length: %d" % (len(ANSWER) + 600), body=ANSWER + b" " * 600)
    for index in range(len(answer)):
        if time.monotonic() > deadline:
            return
        stream.sendall(answer[index:index + 1])
        time.sleep(1.0)


def drip_handshake(stream: socket.socket, context: ssl.SSLContext, deadline: float) -> None:
    """Plays the server's side of the TLS handshake through memory buffers and sends its bytes one a second."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    session = context.wrap_bio(incoming, outgoing, server_side=True)
    while time.monotonic() < deadline:
        try:
            session.do_handshake()
            return
        except ssl.SSLWantReadError:
            pass
        for byte in outgoing.read():
            if time.monotonic() > deadline:
                return
            stream.sendall(bytes([byte]))
            time.sleep(1.0)
        more = stream.recv(65536)
        if not more:
            return
        incoming.write(more)


def accept_tunnel(stream: socket.socket) -> None:
    """Reads a proxy's `CONNECT host:port` head and says yes; what follows on the socket is the client's TLS."""
    data = b""
    while b"\r\n\r\n" not in data and len(data) < MAX_REQUEST:
        more = stream.recv(1)
        if not more:
            raise ValueError("the client closed the tunnel before asking")
        data += more
    stream.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")


class Handler(socketserver.BaseRequestHandler):
    context: ssl.SSLContext | None = None
    drip_handshake = False
    deadline: float = 0.0

    def handle(self) -> None:
        stream: socket.socket = self.request
        stream.settimeout(30)
        try:
            if self.context is not None and self.drip_handshake:
                drip_handshake(stream, self.context, self.deadline)
                return
            if self.context is not None:
                if stream.recv(8, socket.MSG_PEEK) == b"CONNECT ":
                    accept_tunnel(stream)  # as an HTTPS proxy: the TLS inside the tunnel ends here
                stream = self.context.wrap_socket(stream, server_side=True)
            request_line = read_request(stream)
            if request_line is None:
                return
            parts = request_line.split(b" ")
            path = parts[1].decode("ascii", "replace") if len(parts) > 1 else "/"
            if path.startswith("http://"):  # absolute form: the request came through us as an HTTP proxy
                path = "/" + path.removeprefix("http://").partition("/")[2]
            attack = path.strip("/").split("/", 1)[0].split("~", 1)[0]
            if attack == "drip":
                send_drip(stream, self.deadline)
            elif attack.startswith("one-byte-chunks"):
                mebibytes = attack.removeprefix("one-byte-chunks-")
                wire = min(int(mebibytes), 256) << 20 if mebibytes.isdigit() else ONE_BYTE_CHUNKS_WIRE
                send_one_byte_chunks(stream, wire)
            else:
                stream.sendall(ATTACKS.get(attack, fixed(b"HTTP/1.1 400 Bad Request", b"Connection: close")))
            # Closing the socket itself, never SSL's unwrap(): the peer sees the stream end without close_notify.
            stream.shutdown(socket.SHUT_RDWR)
        except (OSError, ssl.SSLError, ValueError):
            pass  # the client hung up or refused the handshake: nothing to report


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lifetime", type=float, default=MAX_LIFETIME, help="exit after this many seconds (max 300)")
    parser.add_argument("--tls-cert", type=pathlib.Path, help="serve HTTPS with this PEM certificate (with --tls-key)")
    parser.add_argument("--tls-key", type=pathlib.Path, help="the PEM private key of --tls-cert")
    parser.add_argument("--drip-handshake", action="store_true",
                        help="with --tls-cert: send the server's handshake bytes one a second, and never answer")
    args = parser.parse_args(argv)
    lifetime = max(0.0, min(args.lifetime, MAX_LIFETIME))
    Handler.deadline = time.monotonic() + lifetime
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        Handler.context = context
        Handler.drip_handshake = args.drip_handshake
    server = Server(("127.0.0.1", 0), Handler)
    serve_until_stopped(server, lifetime)
    return 0


if __name__ == "__main__":
    sys.exit(main())
