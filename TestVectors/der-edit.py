#!/usr/bin/env python3
"""der-edit.py: the few DER edits make-vectors.sh cannot make with the openssl CLI alone.

Python 3 standard library only; signatures are made by the openssl CLI (`openssl dgst -sha256 -sign`), so every
output is deterministic (RSA PKCS#1 v1.5). Input must be DER with definite lengths (what openssl writes).

  der-edit.py cert IN.pem ISSUER.key OUT.pem [--serial INT] [--not-before TEXT] [--signature-bits-left N]
      re-issues a certificate with one field changed: the TBSCertificate is edited, re-encoded and signed
      again with ISSUER.key (sha256WithRSAEncryption). --signature-bits-left writes N as the unused-bits
      octet of the signature BIT STRING (the signature itself stays correct).
  der-edit.py signed-attrs IN.der SIGNER.key OUT.der VARIANT
      edits the signed attributes of the only SignerInfo of a CMS signedData made by `openssl cms -sign`,
      DER-sorts them again and re-signs them with SIGNER.key (sha256), so the signature is valid over the
      edited attributes. The signing time is always set to 2024-03-01T12:00:00Z (reproducible output);
      VARIANT: none, two-message-digests, two-digest-values, digest-not-octet-string, two-content-types.
  der-edit.py signer-serial IN.der OUT.der HEX
      replaces the content octets of the SignerInfo's serialNumber INTEGER with HEX (lengths fixed up).
"""
from __future__ import annotations

import base64
import subprocess
import sys
import tempfile

OID_CONTENT_TYPE = bytes.fromhex("06092a864886f70d010903")
OID_MESSAGE_DIGEST = bytes.fromhex("06092a864886f70d010904")
OID_SIGNING_TIME = bytes.fromhex("06092a864886f70d010905")
# openssl cms -sign writes the current time; this fixed one (the receipts' creation date) keeps outputs stable.
FIXED_SIGNING_TIME = b"240301120000Z"


class Node:
    """One element: its identifier octet, and either children (constructed) or content octets."""

    def __init__(self, tag: int, children: list[Node] | None = None, content: bytes = b""):
        self.tag, self.children, self.content = tag, children, content

    def encode(self) -> bytes:
        body = b"".join(c.encode() for c in self.children) if self.children is not None else self.content
        return bytes([self.tag]) + length(len(body)) + body


def length(n: int) -> bytes:
    if n < 0x80:
        return bytes([n])
    octets = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(octets)]) + octets


def parse(buf: bytes, pos: int = 0) -> tuple[Node, int]:
    tag = buf[pos]
    assert tag & 0x1F != 0x1F, "high tag numbers are not needed here"
    n = buf[pos + 1]
    pos += 2
    assert n != 0x80, "indefinite lengths are not handled"
    if n & 0x80:
        count = n & 0x7F
        n = int.from_bytes(buf[pos:pos + count], "big")
        pos += count
    end = pos + n
    if tag & 0x20:
        children = []
        while pos < end:
            child, pos = parse(buf, pos)
            children.append(child)
        return Node(tag, children), end
    return Node(tag, content=buf[pos:end]), end


def parse_all(buf: bytes) -> Node:
    node, end = parse(buf)
    assert end == len(buf), "trailing bytes"
    return node


def sign(data: bytes, key: str) -> bytes:
    with tempfile.NamedTemporaryFile() as f:
        f.write(data)
        f.flush()
        return subprocess.run(["openssl", "dgst", "-sha256", "-sign", key, f.name], check=True,
                              capture_output=True).stdout


def integer(value: int) -> Node:
    size = max(1, (value.bit_length() + 8) // 8) if value >= 0 else max(1, ((~value).bit_length() + 8) // 8)
    return Node(0x02, content=value.to_bytes(size, "big", signed=True))


def read_pem(path: str) -> bytes:
    lines = open(path).read().split("-----")[2]
    return base64.b64decode("".join(lines.split()))


def write_pem(path: str, der: bytes) -> None:
    text = base64.b64encode(der).decode()
    body = "\n".join(text[i:i + 64] for i in range(0, len(text), 64))
    with open(path, "w") as f:
        f.write(f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----\n")


def cert(args: list[str]) -> None:
    source, issuer_key, out, options = args[0], args[1], args[2], args[3:]
    certificate = parse_all(read_pem(source))
    tbs = certificate.children[0]
    bits_left = 0
    for name, value in zip(options[::2], options[1::2]):
        if name == "--serial":
            tbs.children[1] = integer(int(value, 0))
        elif name == "--not-before":
            validity = tbs.children[4]
            assert len(value) == len(validity.children[0].content), "keep the length: only the text changes"
            validity.children[0].content = value.encode()
        elif name == "--signature-bits-left":
            bits_left = int(value)
        else:
            sys.exit(f"der-edit.py: unknown option {name}")
    certificate.children[2] = Node(0x03, content=bytes([bits_left]) + sign(tbs.encode(), issuer_key))
    write_pem(out, certificate.encode())


def signer_info(cms: Node) -> Node:
    signed_data = cms.children[1].children[0]
    signer_infos = signed_data.children[-1]
    assert signer_infos.tag == 0x31 and len(signer_infos.children) == 1
    return signer_infos.children[0]


def signed_attrs(args: list[str]) -> None:
    source, key, out, variant = args
    cms = parse_all(open(source, "rb").read())
    signer = signer_info(cms)
    index = next(i for i, c in enumerate(signer.children) if c.tag == 0xA0)
    attributes = signer.children[index].children
    by_type = {a.children[0].encode(): a for a in attributes}
    digest, content_type = by_type[OID_MESSAGE_DIGEST], by_type[OID_CONTENT_TYPE]
    value = digest.children[1].children[0]
    if OID_SIGNING_TIME in by_type:
        by_type[OID_SIGNING_TIME].children[1].children = [Node(0x17, content=FIXED_SIGNING_TIME)]
    if variant == "none":
        pass
    elif variant == "two-message-digests":
        attributes.append(parse_all(digest.encode()))
    elif variant == "two-digest-values":
        digest.children[1].children.append(Node(0x04, content=value.content))
    elif variant == "digest-not-octet-string":
        value.tag = 0x80  # [0] IMPLICIT, the same octets
    elif variant == "two-content-types":
        attributes.append(parse_all(content_type.encode()))
    else:
        sys.exit(f"der-edit.py: unknown variant {variant}")
    # DER: a SET OF is sorted by encoding (X.690 §11.6); then sign what RFC 5652 §5.4 says is signed.
    attributes.sort(key=Node.encode)
    for attribute in attributes:
        attribute.children[1].children.sort(key=Node.encode)
    as_set = Node(0x31, attributes).encode()
    signer.children[index + 2] = Node(0x04, content=sign(as_set, key))
    open(out, "wb").write(cms.encode())


def signer_serial(args: list[str]) -> None:
    source, out, hex_content = args
    cms = parse_all(open(source, "rb").read())
    sid = signer_info(cms).children[1]
    sid.children[1] = Node(0x02, content=bytes.fromhex(hex_content))
    open(out, "wb").write(cms.encode())


if __name__ == "__main__":
    commands = {"cert": cert, "signed-attrs": signed_attrs, "signer-serial": signer_serial}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])
