#!/usr/bin/env python3
"""A loopback OCSP responder for the online revocation tests (`verify --online`, docs/revocation.md).

Each POSTed request is answered by the openssl CLI's own responder, `openssl ocsp -index INDEX -CA CA -rsigner
SIGNER -rkey KEY -reqin REQUEST -respout RESPONSE -ndays 1`, over the PKI that TestVectors/make-ocsp-pki.sh wrote
into --pki DIR (read at request time, so the PKI can be made after the port is known):

  POST /leaf          the intermediate's index.txt, signed by its delegated responder (responder.pem)
  POST /intermediate  the root's root-index.txt, signed by the root itself
  POST /status/NNN    answers HTTP NNN with an empty body (a responder that fails)
  POST /slow          answers nothing for 30 s (a responder that hangs)

`openssl ocsp -port` itself is not used because it listens on every interface; this listens on 127.0.0.1 only.
Start-up protocol as the other stand-ins (README.md): writes exactly `PORT <n>` and a newline on stdout, then
serves until its standard input reaches end of file or --lifetime seconds (120 by default, 300 at most) pass.
Python 3 standard library only.
"""

import argparse
import http.server
import os
import subprocess
import sys
import tempfile
import threading
import time

ROUTES = {
    "/leaf": ("index.txt", "intermediate.pem", "responder"),
    "/intermediate": ("root-index.txt", "root.pem", "root"),
}


def answer(pki, route, request):
    index, ca, signer = ROUTES[route]
    with tempfile.TemporaryDirectory() as work:
        request_file = os.path.join(work, "request.der")
        response_file = os.path.join(work, "response.der")
        with open(request_file, "wb") as out:
            out.write(request)
        command = ["openssl", "ocsp", "-index", os.path.join(pki, index), "-CA", os.path.join(pki, ca),
                   "-rsigner", os.path.join(pki, signer + ".pem"), "-rkey", os.path.join(pki, signer + ".key"),
                   "-reqin", request_file, "-respout", response_file, "-ndays", "1"]
        subprocess.run(command, check=True, capture_output=True, timeout=20)
        with open(response_file, "rb") as result:
            return result.read()


def handler_for(pki):
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(min(length, 1 << 16))
            if self.path.startswith("/status/"):
                self.send_response(int(self.path[len("/status/"):]))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if self.path == "/slow":
                time.sleep(30)
                return
            if self.path not in ROUTES or self.headers.get("Content-Type") != "application/ocsp-request":
                self.send_response(400)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            try:
                data = answer(pki, self.path, body)
            except (subprocess.SubprocessError, OSError):
                self.send_response(500)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/ocsp-response")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pki", required=True)
    parser.add_argument("--lifetime", type=float, default=120)
    options = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_for(options.pki))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdout.write("PORT %d\n" % server.server_address[1])
    sys.stdout.flush()
    watcher = threading.Thread(target=sys.stdin.read, daemon=True)
    watcher.start()
    watcher.join(min(max(options.lifetime, 1), 300))
    server.shutdown()


if __name__ == "__main__":
    main()
