#!/usr/bin/env bash
# check-vectors.sh: checks the committed test vectors against expectations.json and the test PKI.
#
# Usage: TestVectors/check-vectors.sh        (any working directory; read-only; exit 1 on a failure)
#
# For every entry of expectations.json it checks, with the openssl CLI and a few lines of Python
# (stdlib only; needed to read the JSON):
#   - `openssl cms -verify -inform DER -binary -CAfile ANCHOR -purpose any -attime EPOCH` passes or
#     fails as written in "openssl_cms_verify" (and the error text contains "openssl_error");
#   - the .b64 twin decodes to the .der file; sizes; DER vs BER framing;
#   - the container: embedded certificates in order (compared with pki/*.pem byte for byte),
#     SignerInfo count, issuerAndSerialNumber, signed attributes only where "signed_attributes" says so,
#     no unsigned attributes, digest algorithm;
#   - the payload, cut out with `openssl asn1parse -strparse`: every receipt and in-app field written
#     in expectations.json, the in-app count, unknown and empty attributes, the device hash, and
#     that every *_ms value agrees with its date string;
#   - tamper offsets, the iOS 6 signature (openssl dgst -verify, openssl verify of its leaf),
#     the offsets named for malformed inputs, and the certificate profiles of the test PKI.
# It ends with a line "N passed, N failed".
set -euo pipefail
HERE=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
exec python3 - "$HERE" <<'PY'
import base64, calendar, hashlib, json, os, re, subprocess, sys, tempfile

ROOT = sys.argv[1]
os.chdir(ROOT)
TMP = tempfile.mkdtemp(prefix="appreceipt-check.")
passed = failed = 0


def ok(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL  {what}")
    return cond


def openssl(*args, data=None):
    p = subprocess.run(["openssl", *args], input=data, capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace")


def read(path):
    with open(path, "rb") as f:
        return f.read()


def cert_der(pem_path):
    rc, out, err = openssl("x509", "-in", pem_path, "-outform", "DER")
    assert rc == 0, err
    return out


# ---- a minimal DER reader, only for the payload (which is always DER) ----
def tlv(buf, pos):
    tag = buf[pos]
    ln = buf[pos + 1]
    pos += 2
    if ln & 0x80:
        n = ln & 0x7F
        ln = int.from_bytes(buf[pos:pos + n], "big")
        pos += n
    return tag, buf[pos:pos + ln], pos + ln


def children(content):
    out, pos = [], 0
    while pos < len(content):
        tag, val, end = tlv(content, pos)
        out.append((tag, val, content[pos:end]))
        pos = end
    return out


def attributes(set_der):
    tag, content, end = tlv(set_der, 0)
    assert tag == 0x31 and end == len(set_der), "payload is not one DER SET"
    attrs = []
    for t, seq, _ in children(content):
        assert t == 0x30
        (t1, typ, _), (t2, ver, _), (t3, val, _) = children(seq)
        assert (t1, t2, t3) == (0x02, 0x02, 0x04)
        attrs.append((int.from_bytes(typ, "big", signed=True), int.from_bytes(ver, "big", signed=True), val))
    return attrs


def inner(val):
    """Decodes the DER element inside an attribute OCTET STRING: (kind, value)."""
    tag, content, end = tlv(val, 0)
    assert end == len(val)
    if tag == 0x0C:
        return "utf8", content.decode("utf-8")
    if tag == 0x16:
        return "ia5", content.decode("ascii")
    if tag == 0x02:
        return "int", int.from_bytes(content, "big", signed=True)
    if tag == 0x31:
        return "set", val
    raise ValueError(f"unexpected inner tag {tag:#x}")


def text_or_none(val):
    kind, v = inner(val)
    assert kind in ("utf8", "ia5")
    return v if v != "" else None


def parse_ms(s):
    """RFC 3339 / Apple receipt date string -> epoch milliseconds (integer arithmetic only)."""
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?(Z|[+-]\d\d:?\d\d)", s)
    assert m, f"unparseable date {s!r}"
    y, mo, d, h, mi, se, frac, zone = m.groups()
    secs = calendar.timegm((int(y), int(mo), int(d), int(h), int(mi), int(se), 0, 0, 0))
    ms = int((frac or "0")[:3].ljust(3, "0"))
    if zone != "Z":
        sign = 1 if zone[0] == "+" else -1
        z = zone[1:].replace(":", "")
        secs -= sign * (int(z[:2]) * 3600 + int(z[2:]) * 60)
    return secs * 1000 + ms


def payload_of(path, encoding):
    rc, out, err = openssl("asn1parse", "-inform", "DER", "-in", path)
    depth = 6 if encoding == "ber" else 5
    for line in out.decode().splitlines():
        m = re.match(rf"\s*(\d+):d={depth}\s+hl=\s*\d+\s+l=\s*\d+\s+prim:\s+OCTET STRING", line)
        if m:
            dest = os.path.join(TMP, "payload.der")
            rc, _, err = openssl("asn1parse", "-inform", "DER", "-in", path, "-strparse", m.group(1),
                                 "-noout", "-out", dest)
            assert rc == 0, err
            return read(dest)
    raise AssertionError(f"no payload OCTET STRING at depth {depth} in {path}")


def peel(payload, wrappings):
    """The payload inside `wrappings` extra OCTET STRINGs, each checked to be one OCTET STRING filling its parent."""
    for _ in range(wrappings):
        tag, content, end = tlv(payload, 0)
        assert tag == 0x04 and end == len(payload), "extra wrapping is not one OCTET STRING"
        payload = content
    return payload


RECEIPT_FIELDS = {
    "receipt_type": 0, "app_item_id": 1, "bundle_id": 2, "application_version": 3,
    "unknown_date_type_8": 8, "age_rating": 10, "receipt_creation_date": 12, "download_id": 15,
    "version_external_identifier": 16, "original_purchase_date": 18,
    "original_application_version": 19, "expiration_date": 21,
}
IN_APP_FIELDS = {
    "quantity": 1701, "product_id": 1702, "transaction_id": 1703, "purchase_date": 1704,
    "original_transaction_id": 1705, "original_purchase_date": 1706, "product_type": 1707,
    "expires_date": 1708, "web_order_line_item_id": 1711, "cancellation_date": 1712,
    "is_trial_period": 1713, "is_in_intro_offer_period": 1719, "promotional_offer_id": 1721,
}


def value_for(attrs, typ, key):
    vals = [val for t, _, val in attrs if t == typ]
    if not vals:
        return None
    assert len(vals) == 1, f"type {typ} appears {len(vals)} times"
    kind, v = inner(vals[0])
    if kind == "int":
        if key.startswith("is_"):
            return bool(v)
        return v
    return v if v != "" else None


def check_fields(name, exp, attrs, fields):
    for key, typ in fields.items():
        if key in exp:
            ok(value_for(attrs, typ, key) == exp[key], f"{name}: {key} = {value_for(attrs, typ, key)!r}, expected {exp[key]!r}")
        if key + "_ms" in exp:
            want = None if exp.get(key) is None else parse_ms(exp[key])
            ok(exp[key + "_ms"] == want, f"{name}: {key}_ms {exp[key + '_ms']} disagrees with {exp.get(key)!r} ({want})")


def check_payload(name, exp, payload):
    attrs = attributes(payload)
    check_fields(name, exp, attrs, RECEIPT_FIELDS)
    types = {t: (v, val) for t, v, val in attrs}
    if "opaque_value_hex" in exp:
        ok(types[4][1].hex() == exp["opaque_value_hex"], f"{name}: opaque value")
        ok(types[4][0] == exp["opaque_value_version"], f"{name}: opaque value attribute version")
    if "sha1_hash_hex" in exp:
        ok(types[5][1].hex() == exp["sha1_hash_hex"] and len(types[5][1]) == 20, f"{name}: type 5 hash")
    iaps = [inner(val)[1] for t, _, val in attrs if t == 17]
    iap_attrs = [attributes(s) for s in iaps]
    if "in_app_count" in exp:
        ok(len(iaps) == exp["in_app_count"], f"{name}: in_app_count {len(iaps)}")
        tids = [value_for(a, 1703, "transaction_id") for a in iap_attrs]
        if len(tids) > 1:
            ok(len(set(tids)) == len(tids), f"{name}: transaction ids are not distinct")
    if "in_app" in exp:
        if exp.get("in_app_complete", True):
            ok(len(exp["in_app"]) == len(iaps), f"{name}: in_app lists {len(exp['in_app'])} of {len(iaps)} entries")
        by_tid = {value_for(a, 1703, "transaction_id"): a for a in iap_attrs}
        for e in exp["in_app"]:
            a = by_tid.get(e["transaction_id"])
            if ok(a is not None, f"{name}: no in-app transaction {e['transaction_id']}"):
                check_fields(f"{name} in-app {e['transaction_id']}", e, a, IN_APP_FIELDS)
    for u in exp.get("unknown_attributes", []):
        pool = attrs if u["level"] == "receipt" else [x for a in iap_attrs for x in a]
        hits = [(v, val) for t, v, val in pool if t == u["type"]]
        found = len(hits) == 1 and hits[0][0] == u["version"] and hits[0][1].hex() == u["value_hex"]
        ok(found, f"{name}: unknown attribute {u['level']} {u['type']}")
        if found and u["decoded"] is not None:
            ok(inner(hits[0][1])[1] == u["decoded"], f"{name}: unknown attribute {u['type']} decoded value")
    for level, types_ in exp.get("empty_attributes", {}).items():
        pool = attrs if level == "receipt" else [x for a in iap_attrs for x in a]
        for t in types_:
            vals = [val for tt, _, val in pool if tt == t]
            ok(len(vals) >= 1 and all(v.hex() in ("0c00", "1600") for v in vals), f"{name}: type {t} not empty")
    for typ, count in exp.get("repeated_attributes", {}).items():
        ok(sum(1 for t, _, _ in attrs if t == int(typ)) == count, f"{name}: type {typ} does not appear {count} times")
    if "device_hash_input_hex" in exp:
        given = bytes.fromhex(exp["device_hash_input_hex"])
        ok(given[:16].hex() == exp["device_id"].replace("-", "").lower(), f"{name}: device hash input does not start with the device id")
        ok(hashlib.sha1(given).hexdigest() == exp["sha1_hash_hex"] == types[5][1].hex(), f"{name}: device hash")
        bundles = [val for t, _, val in attrs if t == 2]
        ok(given[32:] == bundles[0] and inner(bundles[-1])[1] == exp["bundle_id_string"], f"{name}: bundle id attributes")
    if "device_id" in exp and "device_hash_input_hex" not in exp:
        ok(exp["device_id"].replace("-", "") == exp["device_id_hex"], f"{name}: device_id_hex")
        ok(types[2][1].hex() == exp["bundle_id_der_hex"], f"{name}: bundle id DER")
        msg = bytes.fromhex(exp["device_id_hex"] + exp["opaque_value_hex"] + exp["bundle_id_der_hex"])
        ok(hashlib.sha1(msg).hexdigest() == exp["sha1_hash_hex"], f"{name}: device hash")
        wrong = bytes.fromhex(exp["device_hash_wrong_device_id"].replace("-", "") + exp["opaque_value_hex"] + exp["bundle_id_der_hex"])
        ok(hashlib.sha1(wrong).hexdigest() != exp["sha1_hash_hex"], f"{name}: wrong device id matches")
        bare = bytes.fromhex(exp["device_id_hex"] + exp["opaque_value_hex"]) + exp["bundle_id"].encode()
        ok(hashlib.sha1(bare).hexdigest() != exp["sha1_hash_hex"], f"{name}: hash over the bare bundle id matches")


def embedded_certs(path):
    rc, out, err = openssl("pkcs7", "-inform", "DER", "-in", path, "-print_certs")
    pems = re.findall(rb"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----\n", out, re.S)
    ders = []
    for p in pems:
        rc, d, err = openssl("x509", "-outform", "DER", data=p)
        ders.append(d)
    return ders


def serial_and_issuer_cn(pem):
    rc, out, _ = openssl("x509", "-in", pem, "-noout", "-serial", "-issuer", "-nameopt", "RFC2253")
    s = out.decode()
    serial = int(re.search(r"serial=(-?[0-9A-F]+)", s).group(1), 16)
    cn = re.search(r"issuer=CN=([^,]+)", s).group(1)
    return serial, cn


def check_container(name, exp, path):
    data = read(path)
    framing = {"der": b"\x30\x82", "ber": b"\x30\x80", "der-long-length": b"\x30\x84\x00\x00"}[exp["encoding"]]
    ok(data.startswith(framing), f"{name}: framing is not {exp['encoding']}")
    want = [cert_der(c) for c in exp["certificates"]]
    ok(embedded_certs(path) == want, f"{name}: embedded certificates differ from {exp['certificates']}")
    rc, out, err = openssl("cms", "-cmsout", "-print", "-inform", "DER", "-in", path)
    text = out.decode()
    if "cms_print_incomplete" in exp:
        # openssl stops printing at a certificate field it cannot print; only that is checked
        ok(exp["cms_print_incomplete"] in text and "signerInfos" not in text, f"{name}: cms -print did not stop as expected")
        return
    n = len(exp["signers"])
    ok(text.count("d.issuerAndSerialNumber:") == n, f"{name}: {n} SignerInfo(s) by issuerAndSerialNumber")
    absent = 0 if exp.get("signed_attributes") else n
    ok(len(re.findall(r"(?<!un)signedAttrs:\s*\n\s*<ABSENT>", text)) == absent, f"{name}: signed attributes present or absent")
    ok(len(re.findall(r"unsignedAttrs:\s*\n\s*<ABSENT>", text)) == n, f"{name}: unsigned attributes present")
    ok(f"algorithm: {exp['digest']} (" in text and ("sha1 (" in text) != ("sha256 (" in text),
       f"{name}: digest algorithm is not only {exp['digest']}")
    sids = re.findall(r"d\.issuerAndSerialNumber:\s*\n\s*issuer: .*?CN=([^\n]+)\n\s*serialNumber: (-?\d+)", text)
    want_sids = [serial_and_issuer_cn(s) for s in exp["signers"]]
    if "signer_serials" in exp:  # a SignerInfo edited to name another serial than its certificate's
        want_sids = [(serial, cn) for serial, (_, cn) in zip(exp["signer_serials"], want_sids)]
    ok(sorted((int(s), cn) for cn, s in sids) == sorted(want_sids), f"{name}: SignerInfo issuer/serial {sids}")
    if exp["encoding"] == "ber":
        rc, out, _ = openssl("asn1parse", "-inform", "DER", "-in", path)
        ok(re.search(r"d=5\s+hl=2\s+l=inf\s+cons: OCTET STRING", out.decode()) is not None,
           f"{name}: no constructed indefinite OCTET STRING")


def cms_verify(path, anchor, epoch):
    out = os.path.join(TMP, "verified")
    rc, _, err = openssl("cms", "-verify", "-inform", "DER", "-binary", "-CAfile", anchor, "-purpose", "any",
                         "-attime", str(epoch), "-in", path, "-out", out)
    return rc == 0, err


def check_ios6(name, exp):
    raw = read(exp["file"])
    ok(raw.endswith(b"\n") and raw.count(b"\n") == 1, f"{name}: not one line")
    outer = base64.b64decode(raw, validate=False).decode()
    kv = dict(re.findall(r'"([^"]+)" = "([^"]*)";', outer))
    ok(kv.get("environment") == exp["environment"], f"{name}: environment")
    for k in ("pod", "signing_status"):
        if k in exp:
            ok(kv.get(k.replace("_", "-")) == exp[k], f"{name}: {k}")
    info = base64.b64decode(kv["purchase-info"])
    pi = dict(re.findall(r'"([^"]+)" = "([^"]*)";', info.decode()))
    for k, v in exp["purchase_info"].items():
        ok(pi.get(k) == v, f"{name}: purchase-info {k} = {pi.get(k)!r}")
    if "purchase_info_file" in exp:
        ok(info == read(exp["purchase_info_file"]), f"{name}: purchase-info bytes differ from {exp['purchase_info_file']}")
    sig = base64.b64decode(kv["signature"])
    ok(sig[0] == exp["signature_version"], f"{name}: signature version")
    rsa, ln = sig[1:257], int.from_bytes(sig[257:261], "big")
    leaf = sig[261:]
    ok(len(leaf) == ln and leaf == cert_der(exp["signing_certificate"]), f"{name}: embedded leaf")
    for fn, content in (("ios6.sig", rsa), ("ios6.data", bytes([sig[0]]) + info)):
        with open(os.path.join(TMP, fn), "wb") as f:
            f.write(content)
    rc, pub, _ = openssl("x509", "-in", exp["signing_certificate"], "-noout", "-pubkey")
    with open(os.path.join(TMP, "ios6.pub"), "wb") as f:
        f.write(pub)
    rc, _, _ = openssl("dgst", "-sha1", "-verify", os.path.join(TMP, "ios6.pub"), "-signature",
                       os.path.join(TMP, "ios6.sig"), os.path.join(TMP, "ios6.data"))
    got = "pass" if rc == 0 else "fail"
    ok(got == exp["openssl_signature_verify"], f"{name}: RSA-SHA1 signature check")
    rc, _, err = openssl("verify", "-CAfile", exp["trust_anchor"], "-untrusted", exp["intermediate"],
                         "-purpose", "any", "-attime", str(exp["validation_time_epoch"]), exp["signing_certificate"])
    ok(rc == 0, f"{name}: signing certificate chain: {err.strip()}")
    if "twin" in exp:
        twin = dict(re.findall(r'"([^"]+)" = "([^"]*)";', base64.b64decode(read(exp["twin"])).decode()))
        ok(twin["signature"] == kv["signature"], f"{name}: signature differs from the twin's")
        a, b = base64.b64decode(twin["purchase-info"]), info
        ok(len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1, f"{name}: purchase-info differs in more than one byte")
    return got


def check_malformed(name, exp):
    data = read(exp["file"])
    off = exp["malformed"]["offset"]
    base = name.rsplit("/", 1)[1]
    src = read(exp["source"]) if exp.get("source", "").startswith("receipts/") else None
    if base == "truncated.der":
        ok(src.startswith(data) and len(data) == len(src) // 2, f"{name}: not the first half of the source")
        ok(off == 0 and int.from_bytes(data[2:4], "big") > len(data) - 4, f"{name}: outer length fits")
    elif base == "trailing-bytes.der":
        ok(data[:off] == src and len(data) == off + 5, f"{name}: trailing bytes not at {off}")
    elif base == "wrong-tag.der":
        ok(data[off] == 0x31 and data[1:] == src[1:], f"{name}: byte {off} is not 0x31")
    elif base == "length-past-end.der":
        ok(data[4:] == src[4:] and data[:2] == src[:2] and int.from_bytes(data[2:4], "big") == len(data) - 4 + 256,
           f"{name}: outer length is not 256 past the end")
    elif base == "deep-nesting.der":
        ok(data == b"\x30\x80" * 100000, f"{name}: not 100000 x 30 80")
    elif base == "enveloped-data.der":
        ok(data[off:off + 11] == bytes.fromhex("06092a864886f70d010703"), f"{name}: no envelopedData OID at {off}")
    elif base == "not-base64.b64":
        ok(chr(data[off]) == "#" and data.count(b"#") == 1, f"{name}: no '#' at {off}")
        ok(data[:off] + data[off + 1:] == src[:off] + src[off + 1:], f"{name}: differs from the source elsewhere")
    elif "edit" in exp:
        edit = exp["edit"]
        diff = [i for i in range(len(data)) if data[i] != src[i]] if len(data) == len(src) else None
        ok(diff == [edit["offset"]] == [off] and src[off] == int(edit["old_hex"], 16) and data[off] == int(edit["new_hex"], 16),
           f"{name}: not the source with byte {off} changed from {edit['old_hex']} to {edit['new_hex']}")
    elif base == "signer-serial-non-minimal.der":
        old, new = bytes.fromhex("02021001"), bytes.fromhex("0203001001")
        ok(data[off:off + 5] == new and src[off:off + 4] == old and data[off + 5:] == src[off + 4:],
           f"{name}: no serial 02 03 00 10 01 at {off} in place of the source's 02 02 10 01")
    elif base == "payload-triple-wrapped.der":
        check_container(name, exp, name)
        signed = payload_of(name, "der")
        at = data.find(signed)
        first_header = tlv(signed, 0)[2] - len(tlv(signed, 0)[1])
        ok(peel(signed, 2) == payload_of(exp["source"], "der") and off == at + first_header,
           f"{name}: not the source payload inside two extra OCTET STRINGs, the second at {off}")
    elif base == "empty.der":
        ok(len(data) == 0, f"{name}: not empty")
    else:
        ok(False, f"{name}: no malformed check")


PKI_PROFILE = {
    # name: (notBefore, notAfter, CA, leaf marker, intermediate marker)
    "root": ("20150101000000Z", "20450101000000Z", True, False, False),
    "intermediate": ("20150101000000Z", "20400101000000Z", True, False, True),
    "leaf": ("20230101000000Z", "20270101000000Z", False, True, False),
    "leaf2": ("20230101000000Z", "20270101000000Z", False, True, False),
    "storekit": ("20200401000000Z", "20400327000000Z", True, False, False),
    "attack-leaf-no-marker": ("20230101000000Z", "20270101000000Z", False, False, False),
    "attack-intermediate-no-marker": ("20150101000000Z", "20400101000000Z", True, False, False),
    "attack-leaf-ca": ("20230101000000Z", "20270101000000Z", True, True, False),
    "attack-leaf-expired": ("20200101000000Z", "20210101000000Z", False, True, False),
    "attack-developer": ("20230101000000Z", "20270101000000Z", False, False, False),
    "attack-forged-leaf": ("20230101000000Z", "20270101000000Z", False, True, False),
    "attack-leaf-unknown-critical": ("20230101000000Z", "20270101000000Z", False, True, False),
    "attack-intermediate-unknown-critical": ("20150101000000Z", "20400101000000Z", True, False, True),
    "attack-leaf-under-intermediate-unknown-critical": ("20230101000000Z", "20270101000000Z", False, True, False),
    "attack-leaf-malformed-extension": ("20230101000000Z", "20270101000000Z", False, True, False),
}
# extension OID followed directly by extnValue OCTET STRING { NULL } (non-critical)
LEAF_OID = bytes.fromhex("060a2a864886f76364060b01" "04020500")   # 1.2.840.113635.100.6.11.1
INTER_OID = bytes.fromhex("060a2a864886f76364060201" "04020500")  # 1.2.840.113635.100.6.2.1


def check_pki():
    for name, (nb, na, ca, leaf_m, inter_m) in PKI_PROFILE.items():
        pem = f"pki/{name}.pem"
        der = cert_der(pem)
        rc, out, _ = openssl("x509", "-in", pem, "-noout", "-text", "-dates", "-dateopt", "iso_8601")
        t = out.decode()
        nbt = f"{nb[0:4]}-{nb[4:6]}-{nb[6:8]} 00:00:00Z"
        nat = f"{na[0:4]}-{na[4:6]}-{na[6:8]} 00:00:00Z"
        ok(f"notBefore={nbt}" in t and f"notAfter={nat}" in t, f"pki {name}: validity")
        ok(("CA:TRUE" in t) == ca, f"pki {name}: CA flag")
        ok((LEAF_OID in der) == leaf_m, f"pki {name}: leaf marker")
        ok((INTER_OID in der) == inter_m, f"pki {name}: intermediate marker")
        ok("NOT APPLE" in t, f"pki {name}: subject does not say NOT APPLE")
        rc, _, _ = openssl("pkey", "-in", f"pki/{name}.key", "-noout")
        ok(rc == 0, f"pki {name}: key")
    rc, out, _ = openssl("x509", "-in", "pki/storekit.pem", "-noout", "-ext", "extendedKeyUsage")
    ok("critical" in out.decode() and "Code Signing" in out.decode(), "pki storekit: critical EKU codeSigning")
    # Issue 20: the unknown extension is there and critical; the malformed keyUsage is what OpenSSL refuses.
    for name in ("attack-leaf-unknown-critical", "attack-intermediate-unknown-critical"):
        rc, out, _ = openssl("x509", "-in", f"pki/{name}.pem", "-noout", "-text")
        ok("2.25.329800735698586629295641978511506172918: critical" in out.decode(), f"pki {name}: unknown critical extension")
    rc, _, err = openssl("verify", "-CAfile", "pki/root.pem", "-untrusted", "pki/intermediate.pem", "-purpose", "any",
                         "-attime", "1709294400", "pki/attack-leaf-malformed-extension.pem")
    ok(rc != 0 and "invalid certificate" in err, f"pki attack-leaf-malformed-extension: openssl refuses it: {err.strip()[:120]}")
    same = [serial_and_issuer_cn(f"pki/{a}.pem") for a in ("leaf", "attack-selfmade-leaf")]
    ok(same[0] == same[1], "pki: self-made leaf does not clone the leaf's issuer and serial")
    ok(cert_der("pki/root.pem") == read("pki/root.der"), "pki: root.der")
    # Copies of the leaf made by der-edit.py: one field changed, the leaf's key, signed by the intermediate.
    leaf_key = openssl("x509", "-in", "pki/leaf.pem", "-noout", "-pubkey")[1]
    for name, serial in (("leaf-serial-zero", "serial=00"), ("leaf-serial-negative", "serial=-1001"),
                         ("leaf-serial-8001", "serial=8001"), ("attack-leaf-bad-notbefore", "serial=1001"),
                         ("attack-leaf-signature-bits-left", "serial=1001")):
        pem = f"pki/{name}.pem"
        rc, out, _ = openssl("x509", "-in", pem, "-noout", "-serial", "-startdate")
        ok(serial in out.decode(), f"pki {name}: {serial}")
        ok(("Bad time value" in out.decode()) == (name == "attack-leaf-bad-notbefore"), f"pki {name}: notBefore")
        ok(openssl("x509", "-in", pem, "-noout", "-pubkey")[1] == leaf_key, f"pki {name}: not the leaf's key")
        rc, _, err = openssl("verify", "-CAfile", "pki/root.pem", "-untrusted", "pki/intermediate.pem", "-purpose", "any",
                             "-attime", "1709294400", pem)
        ok((rc == 0) == name.startswith("leaf-serial"), f"pki {name}: openssl verify {rc}: {err.strip()[:120]}")


def main():
    with open("expectations.json") as f:
        entries = json.load(f)
    listed = set()
    for e in entries:
        listed.add(e["file"])
        if "b64" in e:
            listed.add(e["b64"])
    on_disk = {os.path.join(d, f) for d in ("receipts", "attacks", "malformed") for f in os.listdir(d)}
    ok(on_disk == listed, f"files without expectations: {sorted(on_disk - listed)}; missing files: {sorted(listed - on_disk)}")
    results = []
    for e in entries:
        name = e["file"]
        if not ok(os.path.exists(name), f"{name}: missing"):
            continue
        data = read(name)
        verified = None
        if "size" in e:
            ok(len(data) == e["size"], f"{name}: size {len(data)} != {e['size']}")
        if "b64" in e:
            b = read(e["b64"])
            ok(b.endswith(b"\n") and b.count(b"\n") == 1 and base64.b64decode(b[:-1], validate=True) == data,
               f"{e['b64']}: not a one-line base64 copy of {name}")
        if "validation_time" in e:
            ok(parse_ms(e["validation_time"]) == e["validation_time_epoch"] * 1000, f"{name}: validation_time_epoch")
        if "openssl_cms_verify" in e:
            anchor = e.get("trust_anchor", "pki/root.pem")
            epoch = e.get("validation_time_epoch", 1709294400)
            good, err = cms_verify(name, anchor, epoch)
            got = "pass" if good else "fail"
            ok(got == e["openssl_cms_verify"], f"{name}: openssl cms -verify {got}, expected {e['openssl_cms_verify']}: {err.strip()[:200]}")
            if "openssl_error" in e:
                ok(e["openssl_error"] in err, f"{name}: openssl error lacks {e['openssl_error']!r}: {err.strip()[:300]}")
            results.append((name, got, e.get("expect")))
            verified = read(os.path.join(TMP, "verified")) if good else None
            if "openssl_cms_verify_at_2024_03_01" in e:
                good, _ = cms_verify(name, anchor, 1709294400)
                ok(("pass" if good else "fail") == e["openssl_cms_verify_at_2024_03_01"], f"{name}: verify at 2024-03-01")
            if "expect_without_explicit_anchor" in e:
                good, _ = cms_verify(name, "pki/root.pem", epoch)
                ok(not good, f"{name}: verifies against pki/root.pem")
        if e["kind"] in ("receipt", "attack") and name.endswith(".der"):
            check_container(name, e, name)
            signed = payload_of(name, e["encoding"])
            payload = peel(signed, e.get("payload_extra_wrappings", 0))
            check_payload(name, e, payload)
            if "payload_same_as" in e:
                ok(payload == payload_of(e["payload_same_as"], "der"), f"{name}: payload differs from {e['payload_same_as']}")
            if verified is not None:
                ok(verified == signed, f"{name}: content from cms -verify differs from the -strparse payload")
            if "tamper" in e:
                twin, t = read(e["twin"]), e["tamper"]
                diff = [i for i in range(len(data)) if data[i] != twin[i]]
                ok(len(twin) == len(data) and diff == [t["offset"]], f"{name}: differs from twin at {diff}")
                if "old_hex" in t:
                    ok(twin[t["offset"]] == int(t["old_hex"], 16) and data[t["offset"]] == int(t["new_hex"], 16), f"{name}: tamper bytes")
                else:
                    ok(twin[t["offset"]] ^ data[t["offset"]] == int(t["xor"], 16) and t["offset"] >= len(data) - 256, f"{name}: signature flip")
        if e["kind"] == "ios6":
            results.append((name, check_ios6(name, e), e.get("expect")))
        if e["kind"] == "malformed":
            check_malformed(name, e)
    check_pki()

    print("openssl view of every vector (cms -verify -purpose any -attime <creation date>; iOS 6: dgst -verify):")
    for name, got, expect in results:
        print(f"  {name:<52} openssl {got:<4}  appreceipt should: {expect}")
    print(f"check-vectors: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


try:
    main()
finally:
    subprocess.run(["rm", "-rf", TMP])
PY
