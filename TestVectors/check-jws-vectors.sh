#!/usr/bin/env bash
# check-jws-vectors.sh: checks the committed StoreKit 2 vectors in jws/ with the openssl CLI, independently of
# appreceipt, so the outcomes in README.md and jws/expectations.json rest on what each file is.
#
# Usage: TestVectors/check-jws-vectors.sh        (any working directory; read-only; exit 1 on a failure)
#
# For every token in jws/valid, jws/twins and jws/attacks (and inside jws/bodies) it finds, with
# `openssl dgst -verify` on the raw r || s turned back into DER, `openssl verify -attime signedDate` and
# `openssl x509 -text`: the header's alg and x5c count, whether the ES256 signature verifies with the x5c leaf,
# whether the chain verifies to jws/pki/root.pem (or xcode.pem) at signedDate, and the marker OIDs. It then
# checks that each twin passes everything and each attack differs from its twin in exactly what
# jws/expectations.json says (and, where it names one, that openssl's verify error is its "openssl_error"). Needs python3 (standard library) and the OpenSSL 3.x CLI.
set -euo pipefail
HERE=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
exec python3 - "$HERE" <<'PY'
import base64, json, os, subprocess, sys, tempfile

ROOT = sys.argv[1]
os.chdir(os.path.join(ROOT, "jws"))
TMP = tempfile.mkdtemp(prefix="appreceipt-jws-check.")
passed = failed = 0
LEAF_OID, INTERMEDIATE_OID = "1.2.840.113635.100.6.11.1", "1.2.840.113635.100.6.2.1"


def ok(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL  {what}")


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def der_integer(value):
    body = value.lstrip(b"\0") or b"\0"
    if body[0] & 0x80:
        body = b"\0" + body
    return b"\x02" + bytes([len(body)]) + body


def openssl(*args):
    p = subprocess.run(["openssl", *args], capture_output=True)
    return p.returncode, p.stdout.decode(errors="replace") + p.stderr.decode(errors="replace")


def write(name, data):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def pem(der):
    return b"-----BEGIN CERTIFICATE-----\n" + base64.encodebytes(der) + b"-----END CERTIFICATE-----\n"


def facts(token, anchor="pki/root.pem"):
    """What openssl says about one token."""
    h, p, s = token.split(".")
    header, payload, signature = json.loads(unb64url(h)), json.loads(unb64url(p)), unb64url(s)
    x5c = [base64.b64decode(c) for c in header.get("x5c", [])]
    out = {"alg": header.get("alg"), "x5c": len(x5c), "payload": payload}
    if not x5c:
        return out
    leaf = write("leaf.pem", pem(x5c[0]))
    # ES256: raw r || s back to DER, verified with the leaf's public key over header.payload.
    if header.get("alg") == "ES256" and len(signature) == 64:
        r, s_ = signature[:32], signature[32:]
        seq = der_integer(r) + der_integer(s_)
        write("sig.der", b"\x30" + bytes([len(seq)]) + seq)
        write("input", f"{h}.{p}".encode())
        openssl("x509", "-in", leaf, "-noout", "-pubkey", "-out", os.path.join(TMP, "pub.pem"))
        code, _ = openssl("dgst", "-sha256", "-verify", os.path.join(TMP, "pub.pem"),
                          "-signature", os.path.join(TMP, "sig.der"), os.path.join(TMP, "input"))
        out["es256"] = code == 0
    else:
        out["es256"] = None
        out["signature_length"] = len(signature)
    untrusted = write("untrusted.pem", b"".join(pem(c) for c in x5c[1:]))
    attime = str(int(payload.get("signedDate", payload.get("receiptCreationDate"))) // 1000)
    args = ["verify", "-attime", attime, "-purpose", "any", "-CAfile", anchor]
    if len(x5c) > 1:
        args += ["-untrusted", untrusted]
    code, text = openssl(*args, leaf)
    out["chain"] = code == 0
    out["chain_error"] = " / ".join(line for line in text.splitlines() if "error" in line) if code else ""
    texts = [openssl("x509", "-inform", "DER", "-in", write(f"c{i}.der", c), "-noout", "-text")[1] for i, c in enumerate(x5c)]
    out["leaf_marker"] = LEAF_OID in texts[0]
    out["intermediate_marker"] = len(texts) > 1 and INTERMEDIATE_OID in texts[1]
    return out


def read_token(path):
    with open(path) as f:
        return f.read().strip()


# Valid items and every twin: ES256 verifies, the chain verifies at signedDate, markers present.
for folder in ("valid", "twins"):
    for name in sorted(os.listdir(folder)):
        xcode = "xcode" in name
        f = facts(read_token(f"{folder}/{name}"), "pki/xcode.pem" if xcode else "pki/root.pem")
        ok(f["alg"] == "ES256" and f["es256"] is True, f"{folder}/{name}: ES256 signature verifies")
        ok(f["chain"], f"{folder}/{name}: chain verifies at signedDate ({f.get('chain_error')})")
        ok(f["x5c"] == (1 if xcode else 3), f"{folder}/{name}: x5c count")
        if not xcode:
            ok(f["leaf_marker"] and f["intermediate_marker"], f"{folder}/{name}: both markers")

# Each attack against what expectations.json says was done to it.
with open("expectations.json") as f:
    expectations = json.load(f)
ok(len(expectations) == len(os.listdir("attacks")), "every attack file has an expectation")
for e in expectations:
    name = e["file"]
    xcode = e.get("allow_xcode", False)
    a = facts(read_token(name), "pki/xcode.pem" if xcode else "pki/root.pem")
    t = facts(read_token(e["twin"]), "pki/xcode.pem" if xcode else "pki/root.pem")
    fails = set(e["fails"])
    ok((a["alg"] != "ES256") == ("jws.algorithm" in fails), f"{name}: alg {a['alg']}")
    if "jws.algorithm" not in fails:
        ok((a["es256"] is not True) == ("jws.signature" in fails), f"{name}: ES256 verifies = {a['es256']}")
    ok((a["x5c"] != (1 if xcode else 3)) == ("jws.x5c" in fails) or xcode, f"{name}: x5c count {a['x5c']}")
    if "chain.leaf_marker" in fails:
        ok(not a["leaf_marker"] and a["chain"], f"{name}: leaf lacks its marker, chain otherwise fine")
    if "chain.intermediate_marker" in fails:
        ok(not a["intermediate_marker"] and a["chain"], f"{name}: intermediate lacks its marker, chain otherwise fine")
    if "chain.validity" in fails:
        ok(not a["chain"] and "expired" in a["chain_error"], f"{name}: openssl says expired ({a['chain_error']})")
    if "openssl_error" in e:
        ok(not a["chain"] and e["openssl_error"] in a["chain_error"], f"{name}: openssl says {e['openssl_error']} ({a['chain_error']})")
    elif "chain.anchor" in fails and not xcode:
        ok(not a["chain"] and "self-signed" in a["chain_error"], f"{name}: openssl refuses the root ({a['chain_error']})")
    if fails <= {"jws.algorithm", "jws.signature", "jws.x5c"} and not xcode:
        ok(a["chain"], f"{name}: the chain itself verifies ({a['chain_error']})")
    if e.get("nested_fails"):
        nested = facts(a["payload"]["data"]["signedTransactionInfo"])
        twin_nested = facts(t["payload"]["data"]["signedTransactionInfo"])
        ok(a["es256"] is True and nested["es256"] is False and twin_nested["es256"] is True,
           f"{name}: outer signature good, nested transaction's bad, twin's good")

# Bodies: every signed item verifies, except the one forged item.
bad = 0
for name in sorted(os.listdir("bodies")):
    with open(f"bodies/{name}") as f:
        body = json.load(f)
    tokens = []
    def walk(value):
        if isinstance(value, dict):
            for k, v in value.items():
                if k.startswith("signed") and isinstance(v, str):
                    tokens.append(v)
                elif k.startswith("signed") and isinstance(v, list):
                    tokens.extend(v)
                else:
                    walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(body)
    ok(len(tokens) > 0, f"bodies/{name}: has signed items")
    for token in tokens:
        f_ = facts(token)
        if not f_["es256"]:
            bad += 1
            ok("forged" in name, f"bodies/{name}: an item's signature does not verify")
        ok(f_["chain"], f"bodies/{name}: an item's chain verifies")
ok(bad == 1, f"exactly one forged body item (found {bad})")

print(f"check-jws-vectors.sh: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
