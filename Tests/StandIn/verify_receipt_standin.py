#!/usr/bin/env python3
"""A loopback stand-in for Apple's verifyReceipt endpoints, for appreceipt's tests.

    python3 Tests/StandIn/verify_receipt_standin.py [--port N] [--verbose]

Python 3.11 standard library only. It binds 127.0.0.1 (port 0, the default, means an ephemeral port), prints
exactly `PORT <n>` and a newline on stdout, and serves until its standard input reaches end of file or its
lifetime (300 s at most) runs out, whichever comes first. Nothing else is written to stdout; stderr stays quiet
unless --verbose (or the stand-in itself hits a bug).

Routes (`<scenario>` is a name from SCENARIOS, optionally followed by `~tag` to get separate state, so
parallel tests do not share reply counters or logs):

    POST /<scenario>/production/verifyReceipt    the scripted production reply
    POST /<scenario>/sandbox/verifyReceipt       the scripted sandbox reply
    GET  /<scenario>/log                         JSON array of the requests recorded for <scenario>, in order
    POST /<scenario>/reset                       forget that scenario's log and reply counters
    GET  /scenarios                              the scenario names

See Tests/StandIn/README.md for the scenario table.
"""
from __future__ import annotations

import argparse
import base64
import binascii
import json
import os
import pathlib
import sys
import ssl
import threading
import time
import traceback
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

MAX_LIFETIME = 300.0
MAX_BODY = 16 * 1024 * 1024
ENVIRONMENTS = ("production", "sandbox")
ENVIRONMENT_NAMES = {"production": "Production", "sandbox": "Sandbox"}

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------------------------- replies
@dataclass(frozen=True)
class Reply:
    """One scripted answer: an HTTP status, a body (JSON value, raw text, or SUCCESS), an optional delay."""

    http_status: int = 200
    body: Any = None
    delay: float = 0.0
    content_type: str = "application/json"
    raw: bool = False  # body is text to send as is, not a JSON value


SUCCESS = object()  # marker: "the recorded success response for the posted receipt"
SECRET_CHECKED_SUCCESS = object()  # marker: SUCCESS if the password matches STANDIN_EXPECTED_SECRET, else 21004


def status(code: int, **extra: Any) -> Reply:
    return Reply(body={"status": code, **extra})


OK = Reply(body=SUCCESS)

# scenario -> environment -> replies served in order; the last one repeats
SCENARIOS: dict[str, dict[str, list[Reply]]] = {
    "production-success": {"production": [OK]},
    "sandbox-redirect": {"production": [status(21007)], "sandbox": [OK]},
    "wrong-environment": {"production": [status(21007), OK], "sandbox": [status(21008)]},
    "malformed": {"production": [status(21002)]},
    "retryable-then-success": {"production": [status(21100, **{"is-retryable": True}), OK]},
    "retryable-forever": {"production": [status(21199, is_retryable=True)]},
    "server-busy": {"production": [status(21005), OK]},
    "timeout": {"production": [Reply(body=SUCCESS, delay=5.0)]},
    "not-json": {"production": [Reply(body="<html>Service Unavailable</html>", raw=True,
                                      content_type="text/html")]},
    "http-500": {"production": [Reply(http_status=500, body="", raw=True, content_type="text/plain")]},
    "secret-check": {"production": [Reply(body=SECRET_CHECKED_SUCCESS)]},
}


# -------------------------------------------------------------------------------------- receipt lookup
class ReceiptBook:
    """Maps receipt DER bytes to the name of TestVectors/receipts/<name>.der, and serves responses/<name>.json."""

    def __init__(self, root: pathlib.Path) -> None:
        self.root = root
        self.by_der: dict[bytes, str] = {}
        for path in sorted((root / "TestVectors" / "receipts").glob("*.der")):
            try:
                self.by_der.setdefault(path.read_bytes(), path.stem)
            except OSError:
                continue

    @staticmethod
    def decode(receipt_data: Any) -> bytes | None:
        """Standard base64, whitespace-insensitive, padding optional; None when it is not base64."""
        if not isinstance(receipt_data, str):
            return None
        text = "".join(receipt_data.split())
        if not text:
            return None
        text += "=" * (-len(text) % 4)
        try:
            return base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            return None

    def success(self, body: Any, environment: str) -> dict:
        """The recorded response for the posted receipt with status 0 and this environment, else 21002."""
        receipt_data = body.get("receipt-data") if isinstance(body, dict) else None
        der = self.decode(receipt_data)
        name = self.by_der.get(der) if der is not None else None
        if name is None:
            return {"status": 21002}
        path = self.root / "TestVectors" / "responses" / f"{name}.json"
        try:
            response = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"status": 21002}
        if not isinstance(response, dict):
            return {"status": 21002}
        response["status"] = 0
        response["environment"] = ENVIRONMENT_NAMES[environment]
        return response


# ------------------------------------------------------------------------------------------- state
@dataclass
class ScenarioState:
    log: list[dict] = field(default_factory=list)
    served: dict[str, int] = field(default_factory=dict)


class StandIn:
    def __init__(self, book: ReceiptBook, expected_secret: str | None, verbose: bool) -> None:
        self.book = book
        self.expected_secret = expected_secret
        self.verbose = verbose
        self.lock = threading.Lock()
        self.states: dict[str, ScenarioState] = {}
        self.started = time.monotonic()

    @staticmethod
    def base_name(scenario: str) -> str:
        return scenario.split("~", 1)[0]

    def known(self, scenario: str) -> bool:
        return self.base_name(scenario) in SCENARIOS

    def record_and_pick(self, scenario: str, environment: str, entry: dict, parsed_ok: bool) -> Reply | None:
        """Logs the request; returns the next scripted reply (None when the environment is not scripted)."""
        with self.lock:
            state = self.states.setdefault(scenario, ScenarioState())
            script = SCENARIOS[self.base_name(scenario)].get(environment)
            reply: Reply | None = None
            if script is not None and parsed_ok:
                index = state.served.get(environment, 0)
                reply = script[min(index, len(script) - 1)]
                state.served[environment] = index + 1
                entry["reply_index"] = index
            entry["index"] = len(state.log)
            state.log.append(entry)
            return reply

    def log_of(self, scenario: str) -> list[dict]:
        with self.lock:
            state = self.states.get(scenario)
            return json.loads(json.dumps(state.log)) if state else []

    def reset(self, scenario: str) -> None:
        with self.lock:
            self.states.pop(scenario, None)

    def body_for(self, reply: Reply, request_body: Any, environment: str) -> Any:
        if reply.body is SUCCESS:
            return self.book.success(request_body, environment)
        if reply.body is SECRET_CHECKED_SUCCESS:
            password = request_body.get("password") if isinstance(request_body, dict) else None
            if self.expected_secret is not None and password == self.expected_secret:
                return self.book.success(request_body, environment)
            return {"status": 21004}
        return reply.body


# ------------------------------------------------------------------------------------------ HTTP side
class Handler(BaseHTTPRequestHandler):
    # HTTP/1.1 so that `Expect: 100-continue` (libcurl, hence Foundation on Linux, sends it for larger bodies)
    # is answered at once instead of costing the client a second.
    protocol_version = "HTTP/1.1"
    server_version = "verifyReceipt-standin/1"
    timeout = 30  # idle keep-alive connections are dropped after this

    standin: StandIn  # set on the class by main()

    # quiet unless --verbose
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        if self.standin.verbose:
            sys.stderr.write("standin: %s - %s\n" % (self.address_string(), format % args))

    # ------------------------------------------------------------------ plumbing
    def send_bytes(self, code: int, payload: bytes, content_type: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)
        self.wfile.flush()

    def send_json(self, code: int, value: Any) -> None:
        self.send_bytes(code, json.dumps(value).encode("utf-8"), "application/json")

    def read_body(self) -> bytes:
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            chunks, total = [], 0
            while True:
                size_line = self.rfile.readline(1024)
                if not size_line:
                    break
                try:
                    size = int(size_line.split(b";", 1)[0].strip() or b"0", 16)
                except ValueError:
                    self.close_connection = True
                    break
                if size == 0:
                    while self.rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                        pass  # trailers
                    break
                total += size
                if total > MAX_BODY:
                    self.close_connection = True
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline(1024)
            return b"".join(chunks)
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
            self.close_connection = True
        if length < 0 or length > MAX_BODY:
            self.close_connection = True
            return b""
        return self.rfile.read(length) if length else b""

    def route(self) -> tuple[str, str] | None:
        """('<scenario>', '<rest>') for /<scenario>/<rest>, query string dropped."""
        path = self.path.split("?", 1)[0].strip("/")
        parts = path.split("/", 1)
        if len(parts) != 2 or not parts[0]:
            return None
        return parts[0], parts[1]

    def guarded(self, work: Callable[[], None]) -> None:
        try:
            work()
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError):
            self.close_connection = True  # the client gave up (e.g. its timeout): nothing to tell anyone
        except Exception:  # a bug in the stand-in: say so, never die
            self.close_connection = True
            sys.stderr.write("standin: internal error\n" + traceback.format_exc())
            try:
                self.send_json(500, {"standin_error": "internal error, see the stand-in's stderr"})
            except OSError:
                pass

    # ------------------------------------------------------------------ methods
    def do_GET(self) -> None:
        self.guarded(self.handle_get)

    def do_HEAD(self) -> None:
        self.guarded(self.handle_get)

    def do_POST(self) -> None:
        self.guarded(self.handle_post)

    def do_PUT(self) -> None:
        self.guarded(self.handle_other)

    def do_DELETE(self) -> None:
        self.guarded(self.handle_other)

    def handle_other(self) -> None:
        self.read_body()
        self.send_json(405, {"standin_error": f"method {self.command} not supported"})

    def handle_get(self) -> None:
        if self.path.split("?", 1)[0].strip("/") == "scenarios":
            self.send_json(200, sorted(SCENARIOS))
            return
        route = self.route()
        if route is None or not self.standin.known(route[0]):
            self.send_json(404, {"standin_error": f"unknown path {self.path}"})
            return
        scenario, rest = route
        if rest == "log":
            self.send_json(200, self.standin.log_of(scenario))
        elif rest in (f"{env}/verifyReceipt" for env in ENVIRONMENTS):
            entry = {
                "scenario": scenario,
                "environment": rest.split("/", 1)[0],
                "method": self.command,
                "content_type": self.headers.get("Content-Type"),
                "json": False,
                "body": "",
                "elapsed_ms": round((time.monotonic() - self.standin.started) * 1000, 1),
            }
            self.standin.record_and_pick(scenario, entry["environment"], entry, parsed_ok=False)
            self.send_json(200, {"status": 21000})  # Apple: the request was not an HTTP POST
        else:
            self.send_json(404, {"standin_error": f"unknown path {self.path}"})

    def handle_post(self) -> None:
        raw = self.read_body()
        route = self.route()
        if route is None or not self.standin.known(route[0]):
            self.send_json(404, {"standin_error": f"unknown path {self.path}"})
            return
        scenario, rest = route
        if rest == "reset":
            self.standin.reset(scenario)
            self.send_json(200, {"reset": scenario})
            return
        environment = rest[: -len("/verifyReceipt")] if rest.endswith("/verifyReceipt") else None
        if environment not in ENVIRONMENTS:
            self.send_json(404, {"standin_error": f"unknown path {self.path}"})
            return

        text = raw.decode("utf-8", errors="replace")
        try:
            body: Any = json.loads(text)
            is_json = True
        except ValueError:
            body, is_json = text, False
        parsed_ok = is_json and isinstance(body, dict)
        entry = {
            "scenario": scenario,
            "environment": environment,
            "method": "POST",
            "content_type": self.headers.get("Content-Type"),
            "json": is_json,
            "body": body,
            "elapsed_ms": round((time.monotonic() - self.standin.started) * 1000, 1),
        }
        reply = self.standin.record_and_pick(scenario, environment, entry, parsed_ok)
        if not parsed_ok:
            self.send_json(200, {"status": 21000})  # Apple could not read the JSON object
            return
        if reply is None:
            self.send_json(404, {"standin_error": f"scenario {StandIn.base_name(scenario)} has no "
                                                  f"{environment} script"})
            return
        if reply.delay > 0:
            time.sleep(reply.delay)
        payload_value = self.standin.body_for(reply, body, environment)
        if reply.raw:
            payload = str(payload_value).encode("utf-8")
        else:
            payload = json.dumps(payload_value).encode("utf-8")
        self.send_bytes(reply.http_status, payload, reply.content_type)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if Handler.standin.verbose:
            super().handle_error(request, client_address)


# ----------------------------------------------------------------------------------------------- main
def watch_stdin(stop: threading.Event) -> None:
    """Sets `stop` at end of standard input (the test closed the pipe, or died); what is written to it is ignored."""
    def watch() -> None:
        try:
            while os.read(0, 65536):
                pass
        except OSError:
            pass
        stop.set()

    threading.Thread(target=watch, name="stdin-watch", daemon=True).start()


def serve_until_stopped(server: ThreadingHTTPServer, lifetime: float, watch: bool = True,
                        announce: Callable[[], None] | None = None) -> None:
    """Serves on a thread, prints `PORT <n>`, and returns once stdin ends (when `watch`) or `lifetime` passed."""
    stop = threading.Event()
    if watch:
        watch_stdin(stop)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, name="serve", daemon=True).start()
    sys.stdout.write(f"PORT {server.server_address[1]}\n")
    sys.stdout.flush()
    if announce:
        announce()
    stop.wait(lifetime)
    server.shutdown()
    server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Loopback verifyReceipt stand-in for appreceipt's tests.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default 0: ephemeral)")
    parser.add_argument("--verbose", action="store_true", help="log requests and errors to stderr")
    parser.add_argument("--lifetime", type=float, default=MAX_LIFETIME,
                        help=f"seconds before exiting on its own (at most {MAX_LIFETIME:.0f}, the default)")
    parser.add_argument("--ignore-stdin", action="store_true",
                        help="do not exit at end of standard input (for manual runs; the lifetime still applies)")
    parser.add_argument("--root", type=pathlib.Path, default=REPO_ROOT,
                        help="repository root holding TestVectors/ (default: two levels above this script)")
    parser.add_argument("--tls-cert", type=pathlib.Path, help="serve HTTPS with this PEM certificate (with --tls-key)")
    parser.add_argument("--tls-key", type=pathlib.Path, help="the PEM private key of --tls-cert")
    args = parser.parse_args(argv)
    lifetime = max(0.0, min(args.lifetime, MAX_LIFETIME))

    Handler.standin = StandIn(ReceiptBook(args.root), os.environ.get("STANDIN_EXPECTED_SECRET"), args.verbose)
    try:
        server = Server(("127.0.0.1", args.port), Handler)
    except OSError as error:
        sys.stderr.write(f"standin: cannot bind 127.0.0.1:{args.port}: {error}\n")
        return 1

    if args.tls_cert:
        # HTTPS for the client's TLS tests; a handshake the client refuses fails in accept and is dropped quietly.
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)

    def announce() -> None:
        if args.verbose:
            sys.stderr.write(f"standin: serving {args.root} on 127.0.0.1:{server.server_address[1]}, "
                             f"{len(Handler.standin.book.by_der)} receipts known, lifetime {lifetime:.0f} s\n")

    serve_until_stopped(server, lifetime, watch=not args.ignore_stdin, announce=announce)
    if args.verbose:
        sys.stderr.write("standin: stopped\n")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
