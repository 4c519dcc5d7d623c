#!/usr/bin/env bash
# Self-test of the verifyReceipt stand-in (Tests/StandIn/verify_receipt_standin.py).
#
#   bash Tests/StandIn/selftest.sh        # from any directory
#
# Starts the stand-in on an ephemeral loopback port with its stdin on a pipe, POSTs to every scenario with curl,
# checks each reply and the request log, checks the lifetime limit on a second instance, then closes stdin and
# confirms the process exits on its own, having printed only "PORT <n>" and nothing on stderr. Finally runs
# TestVectors/responses/check-responses.py. Needs bash, curl and python3 (standard library). Talks only to
# 127.0.0.1. Prints one line per check and ends with "N passed, N failed"; exit 1 on any failure.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
STANDIN="$HERE/verify_receipt_standin.py"
PY=${PYTHON:-python3}
RECEIPTS="$ROOT/TestVectors/receipts"
RESPONSES="$ROOT/TestVectors/responses"

passed=0
failed=0
ok() { passed=$((passed + 1)); printf 'ok   %s\n' "$1"; }
bad() { failed=$((failed + 1)); printf 'FAIL %s\n' "$1"; [ $# -gt 1 ] && printf '     %s\n' "$2"; return 0; }
expect() { # expect NAME COMMAND...: passes when the command succeeds
    local name=$1; shift
    if "$@"; then ok "$name"; else bad "$name"; fi
}

for tool in curl "$PY"; do
    command -v "$tool" >/dev/null || { echo "selftest: $tool is required" >&2; exit 2; }
done

TMP=$(mktemp -d)
PID=""
PID2=""
cleanup() {
    # end only the processes this script started, by their ids
    for p in $PID $PID2; do kill "$p" 2>/dev/null; done
    rm -rf "$TMP"
}
trap cleanup EXIT

# start NAME [ARGS...]: starts an instance with stdin on a FIFO held open by this shell; sets PORT_<NAME>,
# PID_<NAME>, FD_<NAME>
start_standin() {
    local name=$1; shift
    mkfifo "$TMP/$name.in"
    "$PY" "$STANDIN" "$@" <"$TMP/$name.in" >"$TMP/$name.out" 2>"$TMP/$name.err" &
    local pid=$!
    local fd
    exec {fd}>"$TMP/$name.in"
    local port="" i
    for i in $(seq 1 100); do
        if grep -q $'\n' "$TMP/$name.out" 2>/dev/null || [ "$(wc -l <"$TMP/$name.out")" -ge 1 ]; then
            port=$(sed -n 's/^PORT \([0-9][0-9]*\)$/\1/p' "$TMP/$name.out")
            break
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    printf -v "PORT_$name" '%s' "$port"
    printf -v "PID_$name" '%s' "$pid"
    printf -v "FD_$name" '%s' "$fd"
}

# jtest FILE PYTHON-EXPRESSION: the expression, over d = the parsed JSON in FILE, is true
jtest() {
    "$PY" - "$1" "$2" <<'EOF'
import json, sys
try:
    d = json.load(open(sys.argv[1], encoding="utf-8"))
except Exception as error:
    print(f"     not JSON: {error}: {open(sys.argv[1], 'rb').read()[:200]!r}")
    sys.exit(1)
sys.exit(0 if eval("(" + sys.argv[2] + "\n)") else 1)
EOF
}

# post SCENARIO ENV BODY-FILE [CONTENT-TYPE] [EXTRA CURL ARGS...]: reply in $TMP/reply, status in HTTP,
# content type in CTYPE, time in SECS, curl's exit code in CURLRC
post() {
    local scenario=$1 env=$2 file=$3 ctype=${4:-application/json}
    shift 4 2>/dev/null || shift $#
    local meta
    meta=$(curl -s -o "$TMP/reply" -X POST -H "Content-Type: $ctype" --data-binary @"$file" \
        -w '%{http_code} %{time_total} %{content_type}' "$@" \
        "http://127.0.0.1:$PORT/$scenario/$env/verifyReceipt")
    CURLRC=$?
    read -r HTTP SECS CTYPE <<<"$meta"
}
get() { # get PATH: body in $TMP/reply, status in HTTP
    HTTP=$(curl -s -o "$TMP/reply" -w '%{http_code}' "http://127.0.0.1:$PORT/$1")
}

# request bodies
body() { # body NAME B64-FILE [extra JSON members]: writes $TMP/NAME.json
    "$PY" - "$2" "${3:-}" >"$TMP/$1.json" <<'EOF'
import json, sys
data = open(sys.argv[1], encoding="ascii").read().strip()
extra = json.loads("{" + sys.argv[2] + "}")
print(json.dumps({"receipt-data": data, **extra}))
EOF
}
body one "$RECEIPTS/one-inapp.b64"
body one_secret "$RECEIPTS/one-inapp.b64" '"password": "0123456789abcdef0123456789abcdef", "exclude-old-transactions": true'
body one_wrong "$RECEIPTS/one-inapp.b64" '"password": "ffffffffffffffffffffffffffffffff"'
body zero "$RECEIPTS/zero-inapp.b64"
body sha1 "$RECEIPTS/one-inapp-sha1.b64"
# the same receipt wrapped at 76 columns (newlines inside the JSON string), spaces added, padding kept
"$PY" - "$RECEIPTS/one-inapp.b64" >"$TMP/wrapped.json" <<'EOF'
import json, sys, textwrap
data = open(sys.argv[1], encoding="ascii").read().strip()
print(json.dumps({"receipt-data": "  " + "\r\n".join(textwrap.wrap(data, 76)) + " \n",
                  "password": "x", "exclude-old-transactions": True}))
EOF
printf '{"receipt-data": "bm90IGEgcmVjZWlwdA=="}' >"$TMP/unknown.json"
printf '{"receipt-data": "%%%%not base64%%%%"}' >"$TMP/garbage.json"
printf 'receipt-data=abc&password=def' >"$TMP/form.txt"

# expected success bodies: the recorded file with status 0 and the answering environment
success_is() { # success_is NAME ENVIRONMENT: $TMP/reply is responses/NAME.json with status 0 and ENVIRONMENT
    jtest "$TMP/reply" "d == {**json.load(open('$RESPONSES/$1.json')), 'status': 0, 'environment': '$2'}"
}
status_is() { jtest "$TMP/reply" "d == $1"; }

export STANDIN_EXPECTED_SECRET=0123456789abcdef0123456789abcdef
start_standin main
PORT=$PORT_main
PID=$PID_main
if [ -n "$PORT" ]; then ok "starts and prints PORT $PORT"; else
    bad "starts and prints PORT <n>" "stdout: $(cat "$TMP/main.out"), stderr: $(cat "$TMP/main.err")"
    echo "$passed passed, $failed failed"; exit 1
fi
expect "stdout is exactly one PORT line" test "$(cat "$TMP/main.out")" = "PORT $PORT"

# --- production-success
post production-success production "$TMP/one.json"
expect "production-success: HTTP 200 application/json" test "$HTTP $CTYPE" = "200 application/json"
expect "production-success: one-inapp.json, status 0, Production" success_is one-inapp Production
post production-success production "$TMP/wrapped.json"
expect "production-success: receipt-data with line breaks and spaces still matches" success_is one-inapp Production
post production-success production "$TMP/zero.json"
expect "production-success: zero-inapp served with environment forced to Production" success_is zero-inapp Production
post production-success production "$TMP/sha1.json"
expect "production-success: a known receipt without a response file gets 21002" status_is '{"status": 21002}'
post production-success production "$TMP/unknown.json"
expect "production-success: unknown receipt bytes get 21002" status_is '{"status": 21002}'
post production-success production "$TMP/garbage.json"
expect "production-success: receipt-data that is not base64 gets 21002" status_is '{"status": 21002}'
post production-success production "$TMP/one.json" application/json --header "Expect: 100-continue"
expect "Expect: 100-continue is answered at once (${SECS}s)" \
    "$PY" -c "import sys; sys.exit(0 if float('$SECS') < 0.5 else 1)"

# --- sandbox-redirect: 21007 then sandbox success, and the log
post sandbox-redirect production "$TMP/one.json" application/x-www-form-urlencoded
expect "sandbox-redirect: production answers 21007" status_is '{"status": 21007}'
post sandbox-redirect sandbox "$TMP/one.json" application/x-www-form-urlencoded
expect "sandbox-redirect: sandbox answers success with environment Sandbox" success_is one-inapp Sandbox
get sandbox-redirect/log
expect "sandbox-redirect: log has production then sandbox, bodies parsed, content types kept" jtest "$TMP/reply" "
[(e['environment'], e['json'], e['content_type'], e['scenario']) for e in d] == [
 ('production', True, 'application/x-www-form-urlencoded', 'sandbox-redirect'),
 ('sandbox', True, 'application/x-www-form-urlencoded', 'sandbox-redirect')]
and all(e['body'] == json.load(open('$TMP/one.json')) for e in d)
and [e['index'] for e in d] == [0, 1]"

# --- wrong-environment: 21007, 21008, then production success
post wrong-environment production "$TMP/one.json"
expect "wrong-environment: 1st production call 21007" status_is '{"status": 21007}'
post wrong-environment sandbox "$TMP/one.json"
expect "wrong-environment: sandbox 21008" status_is '{"status": 21008}'
post wrong-environment production "$TMP/one.json"
expect "wrong-environment: 2nd production call succeeds" success_is one-inapp Production
get wrong-environment/log
expect "wrong-environment: log is production, sandbox, production" jtest "$TMP/reply" \
    "[e['environment'] for e in d] == ['production', 'sandbox', 'production']"

# --- malformed
post malformed production "$TMP/one.json"
expect "malformed: 21002" status_is '{"status": 21002}'
post malformed production "$TMP/one.json"
expect "malformed: 21002 again" status_is '{"status": 21002}'

# --- retryable-then-success
post retryable-then-success production "$TMP/one.json"
expect "retryable-then-success: 21100 with is-retryable true" status_is '{"status": 21100, "is-retryable": True}'
post retryable-then-success production "$TMP/one.json"
expect "retryable-then-success: then success" success_is one-inapp Production
post retryable-then-success production "$TMP/one.json"
expect "retryable-then-success: the last reply repeats" success_is one-inapp Production

# --- retryable-forever
for n in 1 2 3; do
    post retryable-forever production "$TMP/one.json"
    expect "retryable-forever: call $n is 21199 with is_retryable true" status_is '{"status": 21199, "is_retryable": True}'
done

# --- server-busy
post server-busy production "$TMP/one.json"
expect "server-busy: 21005" status_is '{"status": 21005}'
post server-busy production "$TMP/one.json"
expect "server-busy: then success" success_is one-inapp Production

# --- timeout: the client gives up after 1 s; the stand-in keeps serving others meanwhile
post timeout production "$TMP/one.json" application/json --max-time 1
expect "timeout: a 1-second client times out (curl exit $CURLRC)" test "$CURLRC" = 28
post production-success production "$TMP/one.json"
expect "timeout: other requests are answered meanwhile (${SECS}s)" \
    "$PY" -c "import sys; sys.exit(0 if float('$SECS') < 1.0 and $HTTP == 200 else 1)"
post timeout production "$TMP/one.json" application/json --max-time 8
expect "timeout: a patient client gets success after about 5 s (${SECS}s)" \
    "$PY" -c "import sys; sys.exit(0 if 4.8 <= float('$SECS') < 7.5 else 1)"
expect "timeout: and the body is the success response" success_is one-inapp Production

# --- not-json
post not-json production "$TMP/one.json"
expect "not-json: HTTP 200 text/html" test "$HTTP $CTYPE" = "200 text/html"
expect "not-json: body is the HTML page" test "$(cat "$TMP/reply")" = "<html>Service Unavailable</html>"

# --- http-500
for n in 1 2; do
    post http-500 production "$TMP/one.json"
    expect "http-500: call $n is HTTP 500 with an empty body" test "$HTTP $(wc -c <"$TMP/reply")" = "500 0"
done

# --- secret-check
post secret-check production "$TMP/one_secret.json"
expect "secret-check: the right password gets success" success_is one-inapp Production
post secret-check production "$TMP/one_wrong.json"
expect "secret-check: a wrong password gets 21004" status_is '{"status": 21004}'
post secret-check production "$TMP/one.json"
expect "secret-check: no password gets 21004" status_is '{"status": 21004}'
get secret-check/log
expect "secret-check: log keeps password and exclude-old-transactions" jtest "$TMP/reply" \
    "d[0]['body']['password'] == '$STANDIN_EXPECTED_SECRET' and d[0]['body']['exclude-old-transactions'] is True and len(d) == 3"

# --- malformed requests and routes
post production-success production "$TMP/form.txt" text/plain
expect "a body that is not JSON gets 21000" status_is '{"status": 21000}'
get production-success/log
expect "the non-JSON request is logged as raw text with its content type" jtest "$TMP/reply" \
    "d[-1]['json'] is False and d[-1]['body'] == 'receipt-data=abc&password=def' and d[-1]['content_type'] == 'text/plain'"
printf '[1, 2]' >"$TMP/array.json"
post malformed production "$TMP/array.json"
expect "a JSON body that is not an object gets 21000" status_is '{"status": 21000}'
post no-such-scenario production "$TMP/one.json"
expect "an unknown scenario is a 404" test "$HTTP" = 404
post production-success staging "$TMP/one.json"
expect "an unknown environment is a 404" test "$HTTP" = 404
get production-success/production/verifyReceipt
expect "GET on verifyReceipt gets 21000" status_is '{"status": 21000}'
get production-success/log
expect "the GET is logged too, as method GET" jtest "$TMP/reply" "d[-1]['method'] == 'GET' and d[-1]['environment'] == 'production'"
post malformed sandbox "$TMP/one.json"
expect "an environment the scenario does not script is a 404 with a reason" \
    jtest "$TMP/reply" "'standin_error' in d and $HTTP == 404"
get scenarios
expect "GET /scenarios lists the eleven scenarios" jtest "$TMP/reply" "len(d) == 11 and 'secret-check' in d"
get production-success/log
expect "production-success log: every request, in order" jtest "$TMP/reply" "[e['index'] for e in d] == list(range(10)) and [e['method'] for e in d].count('POST') == 9"

# --- separate state per ~tag, and reset
post retryable-then-success~a production "$TMP/one.json"
expect "~tag: a tagged scenario starts at its first reply" status_is '{"status": 21100, "is-retryable": True}'
post retryable-then-success~b production "$TMP/one.json"
expect "~tag: another tag has its own counter" status_is '{"status": 21100, "is-retryable": True}'
get "retryable-then-success~a/log"
expect "~tag: its own log" jtest "$TMP/reply" "len(d) == 1 and d[0]['scenario'] == 'retryable-then-success~a'"
curl -s -o "$TMP/reply" -X POST "http://127.0.0.1:$PORT/server-busy/reset"
post server-busy production "$TMP/one.json"
expect "reset: the scenario starts over" status_is '{"status": 21005}'

# --- lifetime limit, on a second instance whose stdin stays open
start_standin short --lifetime 1
PID2=$PID_short
if [ -n "$PORT_short" ]; then
    sleep 2.5
    if kill -0 "$PID2" 2>/dev/null; then bad "--lifetime 1: exits on its own with stdin still open"; else
        wait "$PID2"; rc=$?; expect "--lifetime 1: exits on its own with stdin still open (status $rc)" test "$rc" = 0
    fi
else
    bad "--lifetime 1: starts" "$(cat "$TMP/short.err")"
fi
eval "exec ${FD_short}>&-"
PID2=""

# --- end of stdin stops the main instance
eval "exec ${FD_main}>&-"
exited=""
for i in $(seq 1 50); do
    if ! kill -0 "$PID" 2>/dev/null; then exited=yes; break; fi
    sleep 0.1
done
if [ -n "$exited" ]; then
    wait "$PID"; rc=$?
    expect "closing stdin stops the stand-in within 5 s (status $rc)" test "$rc" = 0
    PID=""
else
    bad "closing stdin stops the stand-in within 5 s"
fi
expect "stdout held only the PORT line" test "$(cat "$TMP/main.out")" = "PORT $PORT"
expect "stderr stayed empty (quiet without --verbose)" test ! -s "$TMP/main.err"

# --- the recorded responses themselves
if "$PY" "$RESPONSES/check-responses.py" >"$TMP/check.out" 2>&1; then
    ok "TestVectors/responses/check-responses.py: $(tail -n 1 "$TMP/check.out")"
else
    bad "TestVectors/responses/check-responses.py" "$(grep -m 5 FAIL "$TMP/check.out")"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
