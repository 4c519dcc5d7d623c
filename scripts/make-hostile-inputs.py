#!/usr/bin/env python3
"""Writes the hostile inputs of issue 8 (memory and CPU blow-ups) into OUT_DIR, deterministically.

    scripts/make-hostile-inputs.py OUT_DIR [--scale S]

They are generated rather than committed because they are large (up to 100 MB at scale 1). --scale divides
every count (e.g. --scale 50 for a quick run); the file names stay the same. Benchmarks/hostile.sh runs
appreceipt over each file and records time and peak memory; ARCHITECTURE.md ("Limits") says what happens to each.

| file                      | what                                                                  |
|---------------------------|-----------------------------------------------------------------------|
| jws-dots.txt              | "AAAAA" and 10 M dots: JWS sniffing used to split on every dot         |
| jws-dots-body.json        | the same inside {"signedPayload": ...}                                  |
| hashes-100mb.txt          | 100 MB of '#': over the input size limit                               |
| hashes-60mb.txt           | 60 MB of '#': under the size limit, PEM sniffing used to scan it all    |
| der-nulls-50mb.der        | a SEQUENCE of 25 M NULLs (50 MB): children() used to build them all    |
| dump-nulls-4mb.der        | a SEQUENCE of 2 M NULLs (4 MB), for dump                                |
| attributes-1m.der         | an unsigned signedData whose payload SET holds 1 M tiny attributes     |
| attributes-spread-1m.der  | the same 1 M attributes spread over in-app purchase sets of 20 000     |
| ber-nested-indefinite.der | 60 nested indefinite-length SEQUENCEs, each then holding 50 000 NULLs: |
|                           | finding each end re-walked every level below it                        |
| json-values.json          | 3 M tiny JSON values (objects of one member) in a response-like array  |
| response-1m.json          | a verifyReceipt response with 1 M subscriptions and renewals           |
| response-at-limit.json    | the same with 20 000 (the most a response list may hold): processed    |
| inapp-at-limit.der        | an unsigned receipt with 20 000 realistic in-app purchases: processed  |

The two "at-limit" files show the cost of the largest input that is still processed (they do not scale).
"""

import os
import sys


def der_length(n):
    """The DER length octets of n."""
    if n < 0x80:
        return bytes([n])
    octets = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(octets)]) + octets


def tlv(tag, content):
    return bytes([tag]) + der_length(len(content)) + content


def der_integer(value):
    octets = value.to_bytes(max(1, (value.bit_length() + 8) // 8), "big", signed=True)
    return tlv(0x02, octets)


OID_SIGNED_DATA = bytes.fromhex("06092a864886f70d010702")
OID_DATA = bytes.fromhex("06092a864886f70d010701")


def unsigned_container(payload):
    """ContentInfo { signedData, [0] SignedData { 1, {}, { data, [0] OCTET STRING payload }, {} } }: no
    certificates and no signers, which decode reads and verify reports as unsigned."""
    content_info = tlv(0x30, OID_DATA + tlv(0xA0, tlv(0x04, payload)))
    signed_data = tlv(0x30, der_integer(1) + tlv(0x31, b"") + content_info + tlv(0x31, b""))
    return tlv(0x30, OID_SIGNED_DATA + tlv(0xA0, signed_data))


def attribute(kind, value=b""):
    """ReceiptAttribute { type, version 1, OCTET STRING value }."""
    return tlv(0x30, der_integer(kind) + der_integer(1) + tlv(0x04, value))


def tiny_attributes(count):
    # Type 99 is no documented field, so every attribute is kept raw: the most output per input byte.
    one = attribute(99)
    return tlv(0x31, one * count)


def spread_attributes(count, per_set):
    purchases = []
    remaining = count
    while remaining > 0:
        here = min(per_set, remaining)
        purchases.append(attribute(17, tlv(0x31, attribute(1799) * here)))
        remaining -= here
    return tlv(0x31, b"".join(purchases))


def utf8(text):
    return tlv(0x04, tlv(0x0C, text.encode()))


def ia5(text):
    return tlv(0x04, tlv(0x16, text.encode()))


def integer_value(value):
    return tlv(0x04, der_integer(value))


def purchases(count):
    """A receipt payload with `count` in-app purchases shaped like Apple's (about 420 bytes each)."""
    items = []
    for i in range(count):
        fields = [
            (1701, integer_value(1)), (1702, utf8("com.example.product.%d" % (i % 7))),
            (1703, utf8(str(1000000000000000 + i))), (1705, utf8(str(1000000000000000 + i - i % 12))),
            (1704, ia5("2020-01-01T00:00:00Z")), (1706, ia5("2020-01-01T00:00:00Z")),
            (1708, ia5("2020-02-01T00:00:00Z")), (1711, integer_value(1000000050000000 + i)),
            (1712, ia5("")), (1713, integer_value(0)), (1719, integer_value(0)), (1707, integer_value(3)),
        ]
        body = b"".join(sorted(tlv(0x30, der_integer(t) + der_integer(1) + v) for t, v in fields))
        items.append(attribute(17, tlv(0x31, body)))
    top = [attribute(0, utf8("ProductionSandbox")[2:]), attribute(2, utf8("com.example")[2:]),
           attribute(3, utf8("1")[2:]), attribute(12, ia5("2020-03-01T00:00:00Z")[2:])]
    return tlv(0x31, b"".join(top + items))


def nested_indefinite(levels, nulls):
    """SEQUENCE (indefinite) { SEQUENCE (indefinite) { ... }, NULL x nulls }, `levels` deep: a depth-first reader
    reaches every level before the NULLs that make the walks long."""
    inner = b""
    for _ in range(levels):
        inner = b"\x30\x80" + inner + b"\x05\x00" * nulls + b"\x00\x00"
    return inner


def response(count):
    """A verifyReceipt response whose latest_receipt_info and pending_renewal_info each hold `count` entries, every
    one its own subscription (distinct original transaction ids), with a receipt object compare can read."""
    parts = ['{"status":0,"environment":"Sandbox","receipt":{"receipt_type":"ProductionSandbox",'
             '"bundle_id":"com.example","request_date_ms":"1700000000000","in_app":[]},"latest_receipt_info":[']
    parts.append(",".join(
        '{"transaction_id":"%d","original_transaction_id":"%d","product_id":"p","expires_date_ms":"1600000000000"}'
        % (i, i) for i in range(count)))
    parts.append('],"pending_renewal_info":[')
    parts.append(",".join('{"original_transaction_id":"%d","auto_renew_status":"1"}' % i for i in range(count)))
    parts.append("]}")
    return "".join(parts).encode()


def main():
    args = sys.argv[1:]
    scale = 1
    if "--scale" in args:
        at = args.index("--scale")
        scale = int(args[at + 1])
        del args[at:at + 2]
    if len(args) != 1 or scale < 1:
        sys.exit(__doc__)
    out = args[0]
    os.makedirs(out, exist_ok=True)

    def write(name, data):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)

    dots = 10_000_000 // scale
    write("jws-dots.txt", b"AAAAA" + b"." * dots)
    write("jws-dots-body.json", b'{"signedPayload": "AAAAA' + b"." * dots + b'"}')
    write("hashes-100mb.txt", b"#" * (100_000_000 // scale))
    write("hashes-60mb.txt", b"#" * (60_000_000 // scale))
    nulls = b"\x05\x00" * (25_000_000 // scale)
    write("der-nulls-50mb.der", tlv(0x30, nulls))
    write("dump-nulls-4mb.der", tlv(0x30, b"\x05\x00" * (2_000_000 // scale)))
    write("attributes-1m.der", unsigned_container(tiny_attributes(1_000_000 // scale)))
    write("attributes-spread-1m.der", unsigned_container(spread_attributes(1_000_000 // scale, 20_000)))
    write("ber-nested-indefinite.der", nested_indefinite(60, 50_000 // scale))
    write("json-values.json", b'{"status":0,"x":[' + b",".join([b'{"a":0}'] * (1_500_000 // scale)) + b"]}")
    write("response-1m.json", response(1_000_000 // scale))
    write("response-at-limit.json", response(20_000))
    write("inapp-at-limit.der", unsigned_container(purchases(20_000)))


if __name__ == "__main__":
    main()
