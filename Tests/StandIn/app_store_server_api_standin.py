#!/usr/bin/env python3
"""A loopback stand-in for Apple's App Store Server API, for appreceipt's `api` tests.

    python3 Tests/StandIn/app_store_server_api_standin.py [--lifetime S] [--token-log FILE] [--verbose]

Python 3.11 standard library and the openssl CLI only. It binds 127.0.0.1 on an ephemeral port, prints exactly
`PORT <n>` and a newline on stdout, and serves until its standard input reaches end of file or its lifetime
(300 s at most) runs out. Requests are `/<scenario>[~tag]/<production|sandbox>/inApps/...`: the client's
`--api-url http://127.0.0.1:<n>/<scenario>~<tag>` plus the environment it asks. Every request's bearer token is
checked as Apple documents it (ES256 signature with the public half of TestVectors/api/AuthKey_TEST.p8,
checked by `openssl dgst -verify`; header alg/kid/typ; claims iss, iat, exp at most 60 minutes after iat and not
passed, aud appstoreconnect-v1, bid); a token that fails gets 401. The answers are TestVectors/api/answers.json
(make-api-vectors.py). Scenarios, routes and the log: Tests/StandIn/README.md.
"""
from __future__ import annotations

import argparse
import base64
import json
import pathlib
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from verify_receipt_standin import serve_until_stopped  # the same start-up and stop as the verifyReceipt stand-in

MAX_LIFETIME = 300.0
MAX_BODY = 1 << 16
REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
KEY_ID = "TESTKEY123"
ISSUER_ID = "57246542-96fe-1a63-e053-0824d011072a"
BUNDLE_ID = "com.example.appreceipt.storekit"

# scenario -> what is special about it (everything else is the normal answers)
SCENARIOS = {
    "ok": "every endpoint answers from both environments",
    "sandbox-only": "production answers 404 with errorCode 4040010 (transaction id not found); sandbox answers",
    "unauthorized": "every request gets 401, whatever its token",
    "rate-limited": "the first request of each path gets 429 with Retry-After: 2, the next one the answer",
    "rate-limited-long": "every request gets 429 with Retry-After: 3600",
    "server-error": "the first request of each path gets 503 (errorCode 5000001), the next one the answer",
    "always-500": "every request gets HTTP 500 with errorCode 5000000",
    "invalid-id": "every request gets 400 with errorCode 4000006 (invalid transaction id)",
    "forged": "the transaction history's second item was altered after signing",
    "endless": "the transaction history says hasMore with the same revision every time",
}


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def der_signature(raw: bytes) -> bytes:
    """The DER ECDSA-Sig-Value of a JWS ES256 signature (r || s, 32 bytes each), for openssl."""
    def integer(value: bytes) -> bytes:
        value = value.lstrip(b"\0") or b"\0"
        if value[0] & 0x80:
            value = b"\0" + value
        return bytes([0x02, len(value)]) + value
    body = integer(raw[:32]) + integer(raw[32:])
    return bytes([0x30, len(body)]) + body


def check_token(authorization: str | None, public_key: pathlib.Path, now: float) -> tuple[str | None, dict]:
    """None and the claims when the bearer token is one Apple would take, else why not (and what was readable)."""
    if not authorization or not authorization.startswith("Bearer "):
        return "no bearer token", {}
    parts = authorization[len("Bearer "):].split(".")
    if len(parts) != 3:
        return "not a compact JWT", {}
    try:
        header = json.loads(b64url_decode(parts[0]))
        claims = json.loads(b64url_decode(parts[1]))
        signature = b64url_decode(parts[2])
    except (ValueError, json.JSONDecodeError):
        return "a segment is not base64url JSON", {}
    seen = {"header": header, "claims": claims}
    expected_header = {"alg": "ES256", "kid": KEY_ID, "typ": "JWT"}
    if header != expected_header:
        return f"header {header} is not {expected_header}", seen
    for name, value in (("iss", ISSUER_ID), ("aud", "appstoreconnect-v1"), ("bid", BUNDLE_ID)):
        if claims.get(name) != value:
            return f"claim {name} is {claims.get(name)!r}, not {value!r}", seen
    iat, exp = claims.get("iat"), claims.get("exp")
    if not isinstance(iat, int) or not isinstance(exp, int):
        return "iat and exp must be integers", seen
    if exp - iat > 3600 or exp <= iat:
        return f"exp - iat is {exp - iat} s (Apple: at most 3600)", seen
    if exp <= now or iat > now + 60:
        return f"the token is not current (iat {iat}, exp {exp}, now {int(now)})", seen
    if len(signature) != 64:
        return f"the signature is {len(signature)} bytes, not 64 (raw r || s)", seen
    with tempfile.TemporaryDirectory() as work:
        folder = pathlib.Path(work)
        (folder / "input").write_bytes(f"{parts[0]}.{parts[1]}".encode())
        (folder / "signature").write_bytes(der_signature(signature))
        verified = subprocess.run(
            ["openssl", "dgst", "-sha256", "-verify", str(public_key), "-signature", str(folder / "signature"),
             str(folder / "input")], capture_output=True, text=True)
    if "Verified OK" not in verified.stdout:
        return "the ES256 signature does not verify with the key's public half", seen
    return None, seen


class StandIn:
    def __init__(self, root: pathlib.Path, token_log: pathlib.Path | None, verbose: bool) -> None:
        self.answers = json.loads((root / "TestVectors/api/answers.json").read_text())
        self.public_key = root / "TestVectors/api/AuthKey_TEST.pub.pem"
        self.token_log = token_log
        self.verbose = verbose
        self.lock = threading.Lock()
        self.logs: dict[str, list[dict]] = {}
        self.counts: dict[tuple[str, str], int] = {}
        self.started = time.monotonic()

    def record(self, scenario: str, entry: dict, token: str | None) -> int:
        """Logs the request (never its token, which goes to --token-log only); how often its path was asked before."""
        with self.lock:
            entry["elapsed_ms"] = round((time.monotonic() - self.started) * 1000, 1)
            self.logs.setdefault(scenario, []).append(entry)
            if token and self.token_log:
                with self.token_log.open("a") as log:
                    log.write(token + "\n")
            key = (scenario, entry["path"])
            count = self.counts.get(key, 0)
            self.counts[key] = count + 1
            return count

    def answer(self, base: str, environment: str, path: str, query: dict, body: Any) -> tuple[int, dict, dict]:
        """The status, extra headers and JSON body for one authorised request."""
        if base == "sandbox-only" and environment == "production":
            return 404, {}, {"errorCode": 4040010, "errorMessage": "Transaction id not found."}
        if base == "invalid-id":
            return 400, {}, {"errorCode": 4000006, "errorMessage": "Invalid transaction id."}
        segments = path.strip("/").split("/")
        if segments[:3] == ["inApps", "v2", "history"]:
            pages = self.answers["history-forged" if base == "forged" else "history"]
            if base == "endless":
                return 200, {}, dict(pages[0], hasMore=True)
            return 200, {}, self.page(pages, query.get("revision", [None])[0], "revision")
        if segments[:4] == ["inApps", "v2", "refund", "lookup"]:
            return 200, {}, self.page(self.answers["refunds"], query.get("revision", [None])[0], "revision")
        if segments[:4] == ["inApps", "v1", "notifications", "history"]:
            if not isinstance(body, dict) or not {"startDate", "endDate"} <= body.keys():
                return 400, {}, {"errorCode": 4000015, "errorMessage": "Invalid start date."}
            pages = self.answers["notifications"]
            token = query.get("paginationToken", [None])[0]
            return 200, {}, pages[1] if token == pages[0]["paginationToken"] else pages[0]
        if segments == ["inApps", "v1", "notifications", "test"]:
            return 200, {}, {"testNotificationToken": "ce3af791-365e-4c60-841b-1674b43c1609_1748736000000"}
        if segments[:4] == ["inApps", "v1", "notifications", "test"]:
            return 200, {}, self.answers["test-notification-status"]
        if segments[:4] == ["inApps", "v1", "transactions", "appTransactions"]:
            return 200, {}, self.answers["app-transaction"]
        routes = {("inApps", "v1", "transactions"): "transaction", ("inApps", "v1", "subscriptions"): "statuses",
                  ("inApps", "v1", "lookup"): "lookup"}
        name = routes.get(tuple(segments[:3])) if len(segments) == 4 else None
        if name is None:
            return 404, {}, {"standin_error": f"no route {path}"}
        answer = self.answers[name]
        if name == "statuses" and query.get("status") and "1" not in query["status"]:
            answer = dict(answer, data=[])
        return 200, {}, answer

    @staticmethod
    def page(pages: list[dict], revision: str | None, key: str) -> dict:
        """The page after the one whose `key` is `revision` (the first when none is given)."""
        if revision is None:
            return pages[0]
        for index, page in enumerate(pages[:-1]):
            if page[key] == revision:
                return pages[index + 1]
        return {"errorCode": 4000005, "errorMessage": "Invalid request revision."}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "appreceipt-api-standin"
    standin: StandIn  # set on the class by main()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        if self.standin.verbose:
            sys.stderr.write("standin: " + (format % args) + "\n")

    def send_json(self, code: int, value: Any, headers: dict | None = None) -> None:
        payload = json.dumps(value).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        for name, text in (headers or {}).items():
            self.send_header(name, text)
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:
        self.handle_request(None)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(min(length, MAX_BODY))
        try:
            body = json.loads(raw) if raw else None
        except json.JSONDecodeError:
            body = raw.decode("utf-8", "replace")
        self.handle_request(body)

    def handle_request(self, body: Any) -> None:
        url = urllib.parse.urlsplit(self.path)
        segments = url.path.split("/", 3)
        if len(segments) == 3 and segments[2] == "log":
            return self.send_json(200, self.standin.logs.get(segments[1], []))
        if len(segments) < 4 or segments[2] not in ("production", "sandbox"):
            return self.send_json(404, {"standin_error": f"no route {url.path}"})
        scenario, environment, path = segments[1], segments[2], "/" + segments[3]
        base = scenario.split("~", 1)[0]
        if base not in SCENARIOS:
            return self.send_json(404, {"standin_error": f"unknown scenario {base}"})
        query = urllib.parse.parse_qs(url.query)
        authorization = self.headers.get("Authorization")
        problem, seen = check_token(authorization, self.standin.public_key, time.time())
        entry = {"method": self.command, "environment": environment, "path": path, "query": query, "body": body,
                 "token_problem": problem, "token": seen, "accept": self.headers.get("Accept"),
                 "content_type": self.headers.get("Content-Type")}
        token = authorization[len("Bearer "):] if authorization and authorization.startswith("Bearer ") else None
        asked_before = self.standin.record(scenario, entry, token)
        if problem or base == "unauthorized":
            return self.send_json(401, {})
        if base == "rate-limited-long" or (base == "rate-limited" and asked_before == 0):
            return self.send_json(429, {"errorCode": 4290000, "errorMessage": "Rate limit exceeded."},
                                  {"Retry-After": "3600" if base == "rate-limited-long" else "2"})
        if base == "always-500":
            return self.send_json(500, {"errorCode": 5000000, "errorMessage": "An unknown error occurred."})
        if base == "server-error" and asked_before == 0:
            return self.send_json(503, {"errorCode": 5000001, "errorMessage": "An unknown error occurred."})
        code, headers, answer = self.standin.answer(base, environment, path, query, body)
        self.send_json(code, answer, headers)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if Handler.standin.verbose:
            super().handle_error(request, client_address)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Loopback App Store Server API stand-in for appreceipt's tests.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default 0: ephemeral)")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    parser.add_argument("--lifetime", type=float, default=MAX_LIFETIME,
                        help=f"seconds before exiting on its own (at most {MAX_LIFETIME:.0f}, the default)")
    parser.add_argument("--ignore-stdin", action="store_true", help="do not exit at end of standard input")
    parser.add_argument("--root", type=pathlib.Path, default=REPO_ROOT, help="repository root holding TestVectors/")
    parser.add_argument("--token-log", type=pathlib.Path,
                        help="append every bearer token received to this file (for the tests' leak check)")
    args = parser.parse_args(argv)
    lifetime = max(0.0, min(args.lifetime, MAX_LIFETIME))
    Handler.standin = StandIn(args.root, args.token_log, args.verbose)
    try:
        server = Server(("127.0.0.1", args.port), Handler)
    except OSError as error:
        sys.stderr.write(f"standin: cannot bind 127.0.0.1:{args.port}: {error}\n")
        return 1
    serve_until_stopped(server, lifetime, watch=not args.ignore_stdin)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
