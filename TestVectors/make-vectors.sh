#!/usr/bin/env bash
# make-vectors.sh: builds the appreceipt FAKE test PKI and the receipt test vectors in this folder.
#
# Usage: TestVectors/make-vectors.sh [--new-keys]
#
# Runs from any working directory and overwrites every output (pki/*.pem, inputs/generated/,
# receipts/, attacks/, malformed/). The outputs are committed; tests never run this script.
# Private keys in pki/*.key are reused when present, so a re-run reproduces the committed
# files byte for byte (RSA PKCS#1 v1.5 signatures are deterministic). The one random output,
# malformed/enveloped-data.der (random content key and IV), is kept while it still decrypts to
# the same payload. --new-keys makes new keys: every certificate, signature and base64 file
# then changes, while sizes, offsets and expectations.json stay valid (RSA-2048 keeps every
# length fixed). At the end it runs check-vectors.sh.
#
# Needs: bash, OpenSSL 3.x CLI, coreutils, grep, xxd, python3 (standard library only: der-edit.py makes the
# DER edits openssl cannot, signing with the openssl CLI). Nothing here is Apple's: every certificate
# says "(NOT APPLE)" and every key is a throw-away test key.
set -euo pipefail

HERE=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
cd "$HERE"

NEW_KEYS=0
for arg in "$@"; do
    case $arg in
        --new-keys) NEW_KEYS=1 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "make-vectors.sh: unknown argument: $arg" >&2; exit 64 ;;
    esac
done

IN=$HERE/inputs
GEN=$IN/generated
PKI=$HERE/pki
REC=$HERE/receipts
ATT=$HERE/attacks
MAL=$HERE/malformed

WORK=$(mktemp -d "${TMPDIR:-/tmp}/appreceipt-vectors.XXXXXX")
trap 'rm -rf -- "$WORK"' EXIT

# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------

die() { echo "make-vectors.sh: $*" >&2; exit 1; }

# run CMD...: runs quietly; on failure shows the command and its output.
run() {
    local out
    if ! out=$("$@" 2>&1); then
        printf 'make-vectors.sh: command failed: %s\n%s\n' "$*" "$out" >&2
        exit 1
    fi
}

size_of() { stat -c %s -- "$1"; }

# hex_at FILE OFFSET [COUNT]: lower-case hex of COUNT (default 1) bytes at OFFSET.
hex_at() { xxd -s "$2" -l "${3:-1}" -p -- "$1" | tr -d '\n'; }

# set_byte FILE OFFSET HEXBYTE: overwrites one byte in place.
set_byte() {
    printf "\\x$3" | dd of="$1" bs=1 seek="$2" count=1 conv=notrunc status=none
    [[ $(hex_at "$1" "$2") == "$3" ]] || die "set_byte failed on $1 at $2"
}

# offset_of FILE TEXT: byte offset of the only occurrence of TEXT in FILE.
offset_of() {
    local hits
    hits=$(grep -obaF -- "$2" "$1" | cut -d: -f1 || true)
    [[ -n $hits && $(wc -l <<<"$hits") -eq 1 ]] || die "expected exactly one '$2' in $1, got: ${hits:-none}"
    echo "$hits"
}

# b64 FILE.der: writes FILE.b64, one line of standard base64 plus a newline.
b64() {
    local f=$1
    { base64 -w0 -- "$f"; echo; } > "${f%.der}.b64"
}

# ---------------------------------------------------------------------------------------------
# test PKI
# ---------------------------------------------------------------------------------------------

mkdir -p "$PKI" "$GEN" "$WORK/ca/newcerts"
# Outputs are rebuilt from scratch; keys (pki/*.key) stay unless --new-keys.
if [[ -s $MAL/enveloped-data.der ]]; then cp -- "$MAL/enveloped-data.der" "$WORK/previous-enveloped-data.der"; fi
rm -rf -- "$REC" "$ATT" "$MAL"
rm -f -- "$PKI"/*.pem "$PKI"/*.der "$PKI"/FINGERPRINTS.txt "$GEN"/*.cnf
if [[ $NEW_KEYS == 1 ]]; then rm -f -- "$PKI"/*.key; fi
mkdir -p "$REC" "$ATT" "$MAL"

CA_CNF=$WORK/ca.cnf
# shellcheck source=ca-config.sh
source "$HERE/ca-config.sh"
write_ca_config "$CA_CNF" "$WORK/ca" sha256

# new_key NAME: pki/NAME.key (RSA-2048, PKCS#8 PEM), kept if it already exists.
new_key() {
    local f=$PKI/$1.key
    if [[ ! -s $f ]]; then
        run openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$f"
    fi
}

# issue NAME SUBJECT ISSUER|self EXTENSION_SECTION NOT_BEFORE NOT_AFTER SERIAL_HEX
# Writes pki/NAME.pem. openssl ca is used because OpenSSL 3.0's x509 -req cannot set not-before.
issue() {
    local name=$1 subject=$2 issuer=$3 ext=$4 start=$5 end=$6 serial=$7
    new_key "$name"
    run openssl req -new -config "$CA_CNF" -key "$PKI/$name.key" -subj "$subject" -out "$WORK/$name.csr"
    : > "$WORK/ca/index.txt"
    echo "$serial" > "$WORK/ca/serial"
    local by=()
    if [[ $issuer == self ]]; then
        by=(-selfsign -keyfile "$PKI/$name.key")
    else
        by=(-cert "$PKI/$issuer.pem" -keyfile "$PKI/$issuer.key")
    fi
    run openssl ca -config "$CA_CNF" "${by[@]}" -in "$WORK/$name.csr" -out "$PKI/$name.pem" \
        -startdate "$start" -enddate "$end" -notext -batch -preserveDN -md sha256 \
        -extfile "$IN/pki-extensions.cnf" -extensions "$ext"
}

ORG="/C=US/O=appreceipt Test PKI"
ROOT_DN="$ORG/OU=appreceipt Test Certification Authority/CN=appreceipt Test Root CA (NOT APPLE)"
INTER_DN="$ORG/OU=G5 (TEST)/CN=appreceipt Test WWDR Intermediate CA (NOT APPLE)"
LEAF_DN="$ORG/OU=appreceipt Test Receipt Signing/CN=appreceipt Test Receipt Signing (NOT APPLE)"

# The valid chain.
issue root         "$ROOT_DN"  self         ext_root         20150101000000Z 20450101000000Z 01
issue intermediate "$INTER_DN" root         ext_intermediate 20150101000000Z 20400101000000Z 02
issue leaf         "$LEAF_DN"  intermediate ext_leaf         20230101000000Z 20270101000000Z 1001
# A second valid leaf (two-signers, signer-not-among-certificates).
issue leaf2 "$ORG/OU=appreceipt Test Receipt Signing/CN=appreceipt Test Receipt Signing 2 (NOT APPLE)" \
    intermediate ext_leaf 20230101000000Z 20270101000000Z 1002
# Xcode-like self-signed StoreKit certificate.
issue storekit "$ORG/OU=StoreKit Test (NOT APPLE)/CN=StoreKit Test (NOT APPLE)" \
    self ext_storekit 20200401000000Z 20400327000000Z 01
# Unrelated self-signed end entity (extra-certificate, envelopedData recipient).
issue unrelated "$ORG/OU=Unrelated/CN=appreceipt Test Unrelated Certificate (NOT APPLE)" \
    self ext_unrelated 20230101000000Z 20270101000000Z 01

# Attack certificates.
# self-made root: same names and serials as the real chain, different keys.
issue attack-selfmade-root         "$ROOT_DN"  self                         ext_root         20150101000000Z 20450101000000Z 01
issue attack-selfmade-intermediate "$INTER_DN" attack-selfmade-root         ext_intermediate 20150101000000Z 20400101000000Z 02
issue attack-selfmade-leaf         "$LEAF_DN"  attack-selfmade-intermediate ext_leaf         20230101000000Z 20270101000000Z 1001
# chain shift: a developer certificate from the real intermediate signs a forged "leaf".
issue attack-developer "$ORG/OU=Developer/CN=appreceipt Test Developer: Mallory (NOT APPLE)" \
    intermediate ext_developer 20230101000000Z 20270101000000Z 1006
issue attack-forged-leaf "$LEAF_DN" attack-developer ext_leaf 20230101000000Z 20270101000000Z 01
# markers missing
issue attack-leaf-no-marker "$ORG/OU=appreceipt Test Receipt Signing/CN=appreceipt Test Leaf Without Marker (NOT APPLE)" \
    intermediate ext_leaf_no_marker 20230101000000Z 20270101000000Z 1003
issue attack-intermediate-no-marker "$ORG/OU=G5 (TEST)/CN=appreceipt Test Intermediate Without Marker (NOT APPLE)" \
    root ext_intermediate_no_marker 20150101000000Z 20400101000000Z 03
issue attack-leaf-under-intermediate-no-marker "$LEAF_DN" \
    attack-intermediate-no-marker ext_leaf 20230101000000Z 20270101000000Z 1001
# leaf with CA:TRUE
issue attack-leaf-ca "$ORG/OU=appreceipt Test Receipt Signing/CN=appreceipt Test Leaf With CA Flag (NOT APPLE)" \
    intermediate ext_leaf_ca 20230101000000Z 20270101000000Z 1004
# leaf that expired before the receipt was created
issue attack-leaf-expired "$ORG/OU=appreceipt Test Receipt Signing/CN=appreceipt Test Expired Leaf (NOT APPLE)" \
    intermediate ext_leaf 20200101000000Z 20210101000000Z 1005
# an unknown critical extension on the leaf, and on an intermediate (with a good leaf under it); a leaf whose
# keyUsage cannot be parsed
issue attack-leaf-unknown-critical \
    "$ORG/OU=appreceipt Test Receipt Signing/CN=appreceipt Test Leaf Unknown Critical (NOT APPLE)" \
    intermediate ext_leaf_unknown_critical 20230101000000Z 20270101000000Z 1007
issue attack-intermediate-unknown-critical \
    "$ORG/OU=G5 (TEST)/CN=appreceipt Test Intermediate Unknown Critical (NOT APPLE)" \
    root ext_intermediate_unknown_critical 20150101000000Z 20400101000000Z 04
issue attack-leaf-under-intermediate-unknown-critical "$LEAF_DN" \
    attack-intermediate-unknown-critical ext_leaf 20230101000000Z 20270101000000Z 1001
issue attack-leaf-malformed-extension \
    "$ORG/OU=appreceipt Test Receipt Signing/CN=appreceipt Test Leaf Malformed Key Usage (NOT APPLE)" \
    intermediate ext_leaf_malformed_key_usage 20230101000000Z 20270101000000Z 1008

# Certificates derived from the leaf by editing its DER and signing it again with the intermediate's key
# (der-edit.py): same key (pki/leaf.key), names and validity as the leaf, one field changed.
derive() {
    local name=$1
    shift
    run python3 "$HERE/der-edit.py" cert "$PKI/leaf.pem" "$PKI/intermediate.key" "$PKI/$name.pem" "$@"
}
# serial 0 and a negative serial (RFC 5280 forbids CAs to issue them and tells users to handle them)
derive leaf-serial-zero --serial 0
derive leaf-serial-negative --serial -4097
# serial 0x8001, whose DER is 02 03 00 80 01 (signer-serial-negative-encoding names it as 02 02 80 01)
derive leaf-serial-8001 --serial 0x8001
# notBefore UTCTime 230101000000Z with its Z replaced by X: not an RFC 5280 time, unreadable for OpenSSL too
derive attack-leaf-bad-notbefore --not-before 230101000000X
# the signature BIT STRING says 1 unused bit: OpenSSL's X509_verify returns -1 (cannot check), not 0
derive attack-leaf-signature-bits-left --signature-bits-left 1
DERIVED_FROM_LEAF=" leaf-serial-zero leaf-serial-negative leaf-serial-8001 attack-leaf-bad-notbefore attack-leaf-signature-bits-left "

# key_of NAME: the private key of pki/NAME.pem (the leaf's for the derived certificates above).
key_of() {
    if [[ $DERIVED_FROM_LEAF == *" $1 "* ]]; then echo "$PKI/leaf.key"; else echo "$PKI/$1.key"; fi
}

# DER copies of the anchors, and fingerprints for pinning in tests.
run openssl x509 -in "$PKI/root.pem" -outform DER -out "$PKI/root.der"
run openssl x509 -in "$PKI/storekit.pem" -outform DER -out "$PKI/storekit.der"
{
    echo "# SHA-256 fingerprints (of the DER certificate) of the appreceipt FAKE test PKI."
    echo "# Regenerated by make-vectors.sh; they change only with --new-keys."
    for f in "$PKI"/*.pem; do
        fp=$(openssl x509 -in "$f" -noout -fingerprint -sha256 | sed 's/^.*=//; s/://g')
        printf '%s  pki/%s\n' "$fp" "$(basename "$f")"
    done
} > "$PKI/FINGERPRINTS.txt"

# ---------------------------------------------------------------------------------------------
# payloads
# ---------------------------------------------------------------------------------------------

# payload NAME [CNF]: builds $WORK/NAME.payload.der from inputs/NAME.cnf (or CNF).
payload() {
    run openssl asn1parse -genconf "${2:-$IN/$1.cnf}" -out "$WORK/$1.payload.der"
}

# --- device-hash: type 5 = SHA-1(device UUID bytes || opaque bytes || DER of the bundle id) ---
DEVICE_UUID=11111111-2222-3333-4444-555555555555
DEVICE_OPAQUE=0f1e2d3c4b5a69788796a5b4c3d2e1f0
DEVICE_BUNDLE=com.example.appreceipt.device
(( ${#DEVICE_BUNDLE} < 128 )) || die "bundle id too long for a one-byte DER length"
device_bundle_der=0c$(printf '%02x' "${#DEVICE_BUNDLE}")$(printf '%s' "$DEVICE_BUNDLE" | xxd -p | tr -d '\n')
printf '%s%s%s' "${DEVICE_UUID//-/}" "$DEVICE_OPAQUE" "$device_bundle_der" | xxd -r -p > "$WORK/device-hash-input.bin"
DEVICE_HASH=$(openssl dgst -sha1 -r "$WORK/device-hash-input.bin" | cut -c1-40)
[[ $(size_of "$WORK/device-hash-input.bin") -eq $((16 + 16 + 2 + ${#DEVICE_BUNDLE})) ]] || die "device hash input size"

cat > "$GEN/device-hash.cnf" <<EOF
# GENERATED by make-vectors.sh (do not edit): payload of receipts/device-hash.der.
# Type 5 = SHA-1( UUID $DEVICE_UUID as 16 bytes
#               || opaque value (type 4) $DEVICE_OPAQUE
#               || full DER of the bundle id UTF8String: $device_bundle_der )
#        = $DEVICE_HASH
asn1 = SET:receipt

[receipt]
a0  = SEQUENCE:t0
a1  = SEQUENCE:t1
a2  = SEQUENCE:t2
a3  = SEQUENCE:t3
a4  = SEQUENCE:t4
a5  = SEQUENCE:t5
a8  = SEQUENCE:t8
a12 = SEQUENCE:t12
a15 = SEQUENCE:t15
a16 = SEQUENCE:t16
a18 = SEQUENCE:t18
a19 = SEQUENCE:t19

[t0]
type    = INTEGER:0
version = INTEGER:1
value   = OCTWRAP,UTF8String:ProductionSandbox

[t1]
type    = INTEGER:1
version = INTEGER:1
value   = OCTWRAP,INTEGER:0

[t2]
type    = INTEGER:2
version = INTEGER:1
value   = OCTWRAP,UTF8String:$DEVICE_BUNDLE

[t3]
type    = INTEGER:3
version = INTEGER:1
value   = OCTWRAP,UTF8String:6

[t4]
type    = INTEGER:4
version = INTEGER:2
value   = FORMAT:HEX,OCTETSTRING:$DEVICE_OPAQUE

[t5]
type    = INTEGER:5
version = INTEGER:1
value   = FORMAT:HEX,OCTETSTRING:$DEVICE_HASH

[t8]
type    = INTEGER:8
version = INTEGER:1
value   = OCTWRAP,IA5String:

[t12]
type    = INTEGER:12
version = INTEGER:1
value   = OCTWRAP,IA5String:2024-03-01T12:00:00Z

[t15]
type    = INTEGER:15
version = INTEGER:1
value   = OCTWRAP,INTEGER:0

[t16]
type    = INTEGER:16
version = INTEGER:1
value   = OCTWRAP,INTEGER:0

[t18]
type    = INTEGER:18
version = INTEGER:1
value   = OCTWRAP,IA5String:2013-08-01T07:00:00Z

[t19]
type    = INTEGER:19
version = INTEGER:1
value   = OCTWRAP,UTF8String:1.0
EOF

# --- many-inapp-200: 200 consumable purchases ---
# entry i (1..200): transaction id and original transaction id 1000000000000000+i (16 digits),
# purchase date and original purchase date 2024-01-01T00:00:00Z + i hours.
{
    cat <<'EOF'
# GENERATED by make-vectors.sh (do not edit): payload of receipts/many-inapp-200.der.
# 200 in-app entries; entry i (1..200) has transaction id = original transaction id =
# 1000000000000000+i and purchase date = original purchase date = 2024-01-01T00:00:00Z + i hours.
asn1 = SET:receipt

[receipt]
a0  = SEQUENCE:t0
a1  = SEQUENCE:t1
a2  = SEQUENCE:t2
a3  = SEQUENCE:t3
a4  = SEQUENCE:t4
a5  = SEQUENCE:t5
a8  = SEQUENCE:t8
a12 = SEQUENCE:t12
a15 = SEQUENCE:t15
a16 = SEQUENCE:t16
a18 = SEQUENCE:t18
a19 = SEQUENCE:t19
EOF
    for i in $(seq 1 200); do printf 'p%03d = SEQUENCE:t17_%03d\n' "$i" "$i"; done
    cat <<'EOF'

[t0]
type    = INTEGER:0
version = INTEGER:1
value   = OCTWRAP,UTF8String:ProductionSandbox

[t1]
type    = INTEGER:1
version = INTEGER:1
value   = OCTWRAP,INTEGER:0

[t2]
type    = INTEGER:2
version = INTEGER:1
value   = OCTWRAP,UTF8String:com.example.appreceipt.many

[t3]
type    = INTEGER:3
version = INTEGER:1
value   = OCTWRAP,UTF8String:7

[t4]
type    = INTEGER:4
version = INTEGER:2
value   = FORMAT:HEX,OCTETSTRING:20020020020020020020020020020020

[t5]
type    = INTEGER:5
version = INTEGER:1
value   = FORMAT:HEX,OCTETSTRING:2002002002002002002002002002002002002002

[t8]
type    = INTEGER:8
version = INTEGER:1
value   = OCTWRAP,IA5String:

[t12]
type    = INTEGER:12
version = INTEGER:1
value   = OCTWRAP,IA5String:2024-03-01T12:00:00Z

[t15]
type    = INTEGER:15
version = INTEGER:1
value   = OCTWRAP,INTEGER:0

[t16]
type    = INTEGER:16
version = INTEGER:1
value   = OCTWRAP,INTEGER:0

[t18]
type    = INTEGER:18
version = INTEGER:1
value   = OCTWRAP,IA5String:2013-08-01T07:00:00Z

[t19]
type    = INTEGER:19
version = INTEGER:1
value   = OCTWRAP,UTF8String:1.0

# shared in-app attributes
[c_qty]
type    = INTEGER:1701
version = INTEGER:1
value   = OCTWRAP,INTEGER:1

[c_product]
type    = INTEGER:1702
version = INTEGER:1
value   = OCTWRAP,UTF8String:com.example.appreceipt.coins.100

[c_type]
type    = INTEGER:1707
version = INTEGER:1
value   = OCTWRAP,INTEGER:1

[c_expires]
type    = INTEGER:1708
version = INTEGER:1
value   = OCTWRAP,IA5String:

[c_web]
type    = INTEGER:1711
version = INTEGER:1
value   = OCTWRAP,INTEGER:0

[c_cancel]
type    = INTEGER:1712
version = INTEGER:1
value   = OCTWRAP,IA5String:

[c_trial]
type    = INTEGER:1713
version = INTEGER:1
value   = OCTWRAP,INTEGER:0

[c_intro]
type    = INTEGER:1719
version = INTEGER:1
value   = OCTWRAP,INTEGER:0
EOF
    for i in $(seq 1 200); do
        n=$(printf '%03d' "$i")
        tid=$(printf '1%015d' "$i")
        when=$(printf '2024-01-%02dT%02d:00:00Z' $((1 + i / 24)) $((i % 24)))
        cat <<EOF

[t17_$n]
type    = INTEGER:17
version = INTEGER:1
value   = OCTWRAP,SET:iap_$n

[iap_$n]
q   = SEQUENCE:c_qty
p   = SEQUENCE:c_product
t   = SEQUENCE:tid_$n
pd  = SEQUENCE:pd_$n
ot  = SEQUENCE:otid_$n
opd = SEQUENCE:opd_$n
ty  = SEQUENCE:c_type
ex  = SEQUENCE:c_expires
w   = SEQUENCE:c_web
cd  = SEQUENCE:c_cancel
tr  = SEQUENCE:c_trial
in  = SEQUENCE:c_intro

[tid_$n]
type    = INTEGER:1703
version = INTEGER:1
value   = OCTWRAP,UTF8String:$tid

[pd_$n]
type    = INTEGER:1704
version = INTEGER:1
value   = OCTWRAP,IA5String:$when

[otid_$n]
type    = INTEGER:1705
version = INTEGER:1
value   = OCTWRAP,UTF8String:$tid

[opd_$n]
type    = INTEGER:1706
version = INTEGER:1
value   = OCTWRAP,IA5String:$when
EOF
    done
} > "$GEN/many-inapp-200.cnf"

for p in zero-inapp one-inapp date-forms unknown-attributes empty-values xcode-like created-before-leaf; do
    payload "$p"
done
payload device-hash "$GEN/device-hash.cnf"
payload many-inapp-200 "$GEN/many-inapp-200.cnf"

# --- repeated-bundle-id: a bundle id INTEGER 7 sorted before the real (string) one, and a device hash over
# the INTEGER's DER (020107): the first type-2 attribute is what the hash covers, the string what is shown ---
REPEAT_INTEGER_DER=020107
printf '%s%s%s' "${DEVICE_UUID//-/}" "$DEVICE_OPAQUE" "$REPEAT_INTEGER_DER" | xxd -r -p > "$WORK/repeated-hash-input.bin"
REPEAT_HASH=$(openssl dgst -sha1 -r "$WORK/repeated-hash-input.bin" | cut -c1-40)
sed -e "s/^# Payload of receipts\/zero-inapp.der.*/# GENERATED by make-vectors.sh (do not edit): payload of attacks\/repeated-bundle-id.der./" \
    -e "s/^a2  = SEQUENCE:t2$/a2  = SEQUENCE:t2\na2i = SEQUENCE:t2i/" \
    -e "s/^# SHA-1 hash: 20 raw bytes (filler.*/# SHA-1 hash: the device hash over the INTEGER bundle id t2i (below)/" \
    -e "/^# Build: openssl asn1parse -genconf zero-inapp.cnf/d" \
    -e "s/com.example.appreceipt.empty/$DEVICE_BUNDLE/" \
    -e "s/00112233445566778899aabbccddeeff/$DEVICE_OPAQUE/" \
    -e "s/000102030405060708090a0b0c0d0e0f10111213/$REPEAT_HASH/" "$IN/zero-inapp.cnf" > "$GEN/repeated-bundle-id.cnf"
cat >> "$GEN/repeated-bundle-id.cnf" <<EOF

# a second bundle id, an INTEGER; type 5 above = SHA-1(UUID $DEVICE_UUID || opaque || $REPEAT_INTEGER_DER)
[t2i]
type    = INTEGER:2
version = INTEGER:1
value   = OCTWRAP,INTEGER:7
EOF
grep -q "^a2i = SEQUENCE:t2i$" "$GEN/repeated-bundle-id.cnf" || die "repeated-bundle-id.cnf lacks its second bundle id"
payload repeated-bundle-id "$GEN/repeated-bundle-id.cnf"
for p in repeated-singular-attributes expiration-not-a-date expiration-integer; do
    payload "$p"
done

# --- extra OCTET STRING wrappings around the one-inapp payload (issue 11 point 10): a peer suite's
# receipt-double-wrapped fixture signs the DER of an OCTET STRING holding the SET, so the container's OCTET
# STRING holds an OCTET STRING holding the SET. One extra wrapping is read with a warning, two are refused ---

# octet_wrap IN OUT: OUT is the DER OCTET STRING whose content is IN (IN shorter than 64 KiB).
octet_wrap() {
    local n
    n=$(size_of "$1")
    (( n < 65536 )) || die "octet_wrap: $1 is too long"
    if (( n < 128 )); then printf '04%02x' "$n"; elif (( n < 256 )); then printf '0481%02x' "$n"; else printf '0482%04x' "$n"; fi |
        xxd -r -p > "$2"
    cat -- "$1" >> "$2"
    openssl asn1parse -inform DER -in "$2" | head -1 | grep -Eq '^ +0:d=0 +hl=[0-9]+ +l= *'"$n"' +prim: OCTET STRING' \
        || die "octet_wrap: $2 is not one OCTET STRING of $n bytes"
}
octet_wrap "$WORK/one-inapp.payload.der" "$WORK/wrapped-once.payload.der"
octet_wrap "$WORK/wrapped-once.payload.der" "$WORK/wrapped-twice.payload.der"

# ---------------------------------------------------------------------------------------------
# signing
# ---------------------------------------------------------------------------------------------

# sign OUT PAYLOAD DIGEST "SIGNER [SIGNER2]" [CERT...] [--stream]
# PKCS#7 signedData with no signed attributes, content attached, SignerInfo by
# issuerAndSerialNumber. `openssl smime` (PKCS#7 API) is used rather than `openssl cms`:
# cms DER-sorts the certificate SET (root first here) and omits the NULL digest parameters,
# while Apple's receipts carry leaf, intermediate, root in that order and NULL parameters.
# -nocerts keeps the signer certificate out; the certificates listed go in, in that order.
sign() {
    local out=$1 payload=$2 md=$3 signers=$4
    shift 4
    local args=() certs=$WORK/certs.pem s c
    : > "$certs"
    for s in $signers; do args+=(-signer "$PKI/$s.pem" -inkey "$(key_of "$s")"); done
    for c in "$@"; do
        case $c in
            --stream) args+=(-stream) ;;
            *) cat "$PKI/$c.pem" >> "$certs" ;;
        esac
    done
    [[ -s $certs ]] || die "sign: no certificate for $out"
    run openssl smime -sign -binary -noattr -nodetach -nocerts -outform DER -md "$md" \
        "${args[@]}" -certfile "$certs" -in "$WORK/$payload.payload.der" -out "$out"
    b64 "$out"
}

CHAIN=(leaf intermediate root)

# --- good receipts ---
sign "$REC/zero-inapp.der"         zero-inapp         sha256 leaf "${CHAIN[@]}"
sign "$REC/one-inapp.der"          one-inapp          sha256 leaf "${CHAIN[@]}"
sign "$REC/one-inapp-sha1.der"     one-inapp          sha1   leaf "${CHAIN[@]}"
sign "$REC/one-inapp-ber-indefinite.der" one-inapp    sha256 leaf "${CHAIN[@]}" --stream
sign "$REC/many-inapp-200.der"     many-inapp-200     sha256 leaf "${CHAIN[@]}"
sign "$REC/date-forms.der"         date-forms         sha256 leaf "${CHAIN[@]}"
sign "$REC/unknown-attributes.der" unknown-attributes sha256 leaf "${CHAIN[@]}"
sign "$REC/empty-values.der"       empty-values       sha256 leaf "${CHAIN[@]}"
sign "$REC/device-hash.der"        device-hash        sha256 leaf "${CHAIN[@]}"
sign "$REC/xcode-like.der"         xcode-like         sha256 storekit storekit --stream
sign "$REC/payload-double-wrapped.der" wrapped-once    sha256 leaf "${CHAIN[@]}"

# The same receipt made by `openssl cms`: certificates DER-sorted (not leaf first), digest
# AlgorithmIdentifier parameters absent. Checks that the signer is found by issuer and serial.
cat "$PKI/intermediate.pem" "$PKI/root.pem" > "$WORK/chain.pem"
run openssl cms -sign -binary -noattr -nodetach -outform DER -md sha256 \
    -signer "$PKI/leaf.pem" -inkey "$PKI/leaf.key" -certfile "$WORK/chain.pem" \
    -in "$WORK/one-inapp.payload.der" -out "$REC/one-inapp-cms-sorted-certs.der"
b64 "$REC/one-inapp-cms-sorted-certs.der"

# The BER variants must really be indefinite-length with a constructed OCTET STRING.
for f in "$REC/one-inapp-ber-indefinite.der" "$REC/xcode-like.der"; do
    [[ $(hex_at "$f" 0 2) == 3080 ]] || die "$f does not start with an indefinite-length SEQUENCE"
    # (output captured first: with pipefail, grep -q closing the pipe early could fail the check)
    parsed=$(openssl asn1parse -inform DER -in "$f")
    grep -Eq 'd=5 +hl=2 +l=inf +cons: +OCTET STRING' <<<"$parsed" \
        || die "$f has no constructed indefinite-length OCTET STRING"
done

# --- iOS 6 style transaction receipt ---
# signature = 0x03 || RSA-SHA1 PKCS#1 v1.5 over (0x03 || purchase-info bytes) || uint32be(len) || leaf DER
make_ios6() {
    local info=$1 out=$2 sigfile=$3
    local pi_b64 sig_b64
    pi_b64=$(base64 -w0 -- "$info")
    sig_b64=$(base64 -w0 -- "$sigfile")
    {
        printf '{\n'
        printf '\t"signature" = "%s";\n' "$sig_b64"
        printf '\t"purchase-info" = "%s";\n' "$pi_b64"
        printf '\t"environment" = "Sandbox";\n'
        printf '\t"pod" = "100";\n'
        printf '\t"signing-status" = "0";\n'
        printf '}'
    } > "$WORK/ios6-outer.plist"
    { base64 -w0 -- "$WORK/ios6-outer.plist"; echo; } > "$out"
}
run openssl x509 -in "$PKI/leaf.pem" -outform DER -out "$WORK/leaf.der"
{ printf '\x03'; cat -- "$IN/ios6-purchase-info.plist"; } > "$WORK/ios6-signed.bin"
run openssl dgst -sha1 -sign "$PKI/leaf.key" -out "$WORK/ios6-rsa.bin" "$WORK/ios6-signed.bin"
[[ $(size_of "$WORK/ios6-rsa.bin") -eq 256 ]] || die "iOS 6 RSA signature is not 256 bytes"
{
    printf '\x03'
    cat -- "$WORK/ios6-rsa.bin"
    printf '%08x' "$(size_of "$WORK/leaf.der")" | xxd -r -p
    cat -- "$WORK/leaf.der"
} > "$WORK/ios6-signature.bin"
make_ios6 "$IN/ios6-purchase-info.plist" "$REC/ios6-transaction.b64" "$WORK/ios6-signature.bin"
# tampered twin: quantity "1" -> "9" inside purchase-info, signature unchanged
sed 's/"quantity" = "1";/"quantity" = "9";/' "$IN/ios6-purchase-info.plist" > "$WORK/ios6-tampered-info.plist"
cmp -s "$IN/ios6-purchase-info.plist" "$WORK/ios6-tampered-info.plist" && die "iOS 6 tamper did not change anything"
make_ios6 "$WORK/ios6-tampered-info.plist" "$ATT/ios6-transaction-tampered.b64" "$WORK/ios6-signature.bin"

# ---------------------------------------------------------------------------------------------
# attacks: every one in a SHA-1 and a SHA-256 variant
# ---------------------------------------------------------------------------------------------

for md in sha1 sha256; do
    twin=$REC/one-inapp.der
    [[ $md == sha1 ]] && twin=$REC/one-inapp-sha1.der

    # tampered-payload-byte: subscription expiry 2024-03-25 -> 2094-03-25 inside the signed
    # content; every length stays valid, only the digest no longer matches.
    f=$ATT/tampered-payload-byte-$md.der
    cp -- "$twin" "$f"
    off=$(( $(offset_of "$f" 2024-03-25T10:00:00Z) + 2 ))
    [[ $(hex_at "$f" "$off") == 32 ]] || die "unexpected byte at $off in $f"
    set_byte "$f" "$off" 39
    b64 "$f"

    # tampered-signature: one bit of the RSA signature (the last 256 bytes of the file) flipped.
    f=$ATT/tampered-signature-$md.der
    cp -- "$twin" "$f"
    n=$(size_of "$f")
    [[ $(hex_at "$f" $((n - 260)) 4) == 04820100 ]] || die "signature is not the last 256 bytes of $f"
    off=$((n - 128))
    set_byte "$f" "$off" "$(printf '%02x' $(( 0x$(hex_at "$f" "$off") ^ 0x01 )))"
    b64 "$f"

    sign "$ATT/self-made-root-$md.der" one-inapp "$md" attack-selfmade-leaf \
        attack-selfmade-leaf attack-selfmade-intermediate attack-selfmade-root
    sign "$ATT/chain-shift-$md.der" one-inapp "$md" attack-forged-leaf \
        attack-forged-leaf attack-developer intermediate
    sign "$ATT/leaf-without-oid-$md.der" one-inapp "$md" attack-leaf-no-marker \
        attack-leaf-no-marker intermediate root
    sign "$ATT/intermediate-without-oid-$md.der" one-inapp "$md" attack-leaf-under-intermediate-no-marker \
        attack-leaf-under-intermediate-no-marker attack-intermediate-no-marker root
    sign "$ATT/leaf-expired-at-creation-$md.der" one-inapp "$md" attack-leaf-expired \
        attack-leaf-expired intermediate root
    sign "$ATT/created-before-leaf-$md.der" created-before-leaf "$md" leaf "${CHAIN[@]}"
    # signed by the real leaf, but only leaf2 (another valid leaf), intermediate and root embedded
    sign "$ATT/signer-not-among-certificates-$md.der" one-inapp "$md" leaf \
        leaf2 intermediate root
    sign "$ATT/two-signers-$md.der" one-inapp "$md" "leaf leaf2" \
        leaf leaf2 intermediate root
    sign "$ATT/leaf-is-ca-$md.der" one-inapp "$md" attack-leaf-ca \
        attack-leaf-ca intermediate root
    sign "$ATT/missing-intermediate-$md.der" one-inapp "$md" leaf \
        leaf root
    sign "$ATT/extra-certificate-$md.der" one-inapp "$md" leaf \
        leaf intermediate root unrelated
done

# ---------------------------------------------------------------------------------------------
# strictness vectors (issue 8, points 4-6): SHA-256 only
# ---------------------------------------------------------------------------------------------

# Serials compared as INTEGER values: 0 and a negative serial are found (valid) ...
sign "$REC/signer-serial-zero.der"     one-inapp sha256 leaf-serial-zero     leaf-serial-zero intermediate root
sign "$REC/signer-serial-negative.der" one-inapp sha256 leaf-serial-negative leaf-serial-negative intermediate root
# ... and the positive 0x8001 is not named by the negative INTEGER 80 01 (-32767): the SignerInfo is edited
sign "$WORK/signer-serial-8001.der" one-inapp sha256 leaf-serial-8001 leaf-serial-8001 intermediate root
run python3 "$HERE/der-edit.py" signer-serial "$WORK/signer-serial-8001.der" "$ATT/signer-serial-negative-encoding.der" 8001
b64 "$ATT/signer-serial-negative-encoding.der"

# Fail-open parsing: an unreadable notBefore (made before its leaf existed, like created-before-leaf), and a
# certificate signature OpenSSL cannot check (X509_verify < 0).
sign "$ATT/leaf-notbefore-unreadable.der" created-before-leaf sha256 attack-leaf-bad-notbefore \
    attack-leaf-bad-notbefore intermediate root
sign "$ATT/leaf-signature-bits-left.der" one-inapp sha256 attack-leaf-signature-bits-left \
    attack-leaf-signature-bits-left intermediate root

# RFC 5280 extension rules (issue 20): an unknown critical extension on the leaf or on the intermediate, and a
# leaf extension that cannot be parsed.
sign "$ATT/leaf-unknown-critical-extension.der" one-inapp sha256 attack-leaf-unknown-critical \
    attack-leaf-unknown-critical intermediate root
sign "$ATT/intermediate-unknown-critical-extension.der" one-inapp sha256 attack-leaf-under-intermediate-unknown-critical \
    attack-leaf-under-intermediate-unknown-critical attack-intermediate-unknown-critical root
sign "$ATT/leaf-malformed-extension.der" one-inapp sha256 attack-leaf-malformed-extension \
    attack-leaf-malformed-extension intermediate root

# The intermediate embedded twice: the second copy is on no path.
sign "$ATT/duplicate-certificate.der" one-inapp sha256 leaf leaf intermediate root intermediate

# One attribute, one meaning; an unreadable expiration date.
for p in repeated-bundle-id repeated-singular-attributes expiration-not-a-date expiration-integer; do
    sign "$ATT/$p.der" "$p" sha256 leaf "${CHAIN[@]}"
done

# Signed attributes (RFC 5652 §5.3): made by `openssl cms -sign` without -noattr (content type, signing
# time, message digest, S/MIME capabilities); der-edit.py fixes the signing time to 2024-03-01T12:00:00Z
# so the file is reproducible, and makes the variants, each signed again so its signature is valid.
run openssl cms -sign -binary -nodetach -outform DER -md sha256 \
    -signer "$PKI/leaf.pem" -inkey "$PKI/leaf.key" -certfile "$WORK/chain.pem" \
    -in "$WORK/one-inapp.payload.der" -out "$WORK/signed-attributes-cms.der"
run python3 "$HERE/der-edit.py" signed-attrs "$WORK/signed-attributes-cms.der" "$PKI/leaf.key" \
    "$REC/signed-attributes.der" none
b64 "$REC/signed-attributes.der"
for v in two-message-digests two-digest-values digest-not-octet-string two-content-types; do
    run python3 "$HERE/der-edit.py" signed-attrs "$WORK/signed-attributes-cms.der" "$PKI/leaf.key" \
        "$ATT/signed-attributes-$v.der" "$v"
    b64 "$ATT/signed-attributes-$v.der"
done

# A non-minimal length: the outer SEQUENCE header 30 82 HH LL written as 30 84 00 00 HH LL. Valid BER, the
# signature still verifies; decode must not call it DER.
[[ $(hex_at "$REC/one-inapp.der" 0 2) == 3082 ]] || die "one-inapp.der does not start with 30 82"
{ printf '\x30\x84\x00\x00'; tail -c +3 -- "$REC/one-inapp.der"; } > "$REC/one-inapp-non-minimal-length.der"
b64 "$REC/one-inapp-non-minimal-length.der"

# ---------------------------------------------------------------------------------------------
# malformed inputs (all derived from receipts/one-inapp.der unless said otherwise)
# ---------------------------------------------------------------------------------------------

base=$REC/one-inapp.der
n=$(size_of "$base")
[[ $(hex_at "$base" 0 2) == 3082 ]] || die "one-inapp.der does not start with 30 82"

head -c $((n / 2)) -- "$base" > "$MAL/truncated.der"
{ cat -- "$base"; printf '\x01\x02\x03\x04\x05'; } > "$MAL/trailing-bytes.der"
cp -- "$base" "$MAL/wrong-tag.der"
set_byte "$MAL/wrong-tag.der" 0 31
# outer SEQUENCE length raised by 256: claims 256 bytes more than the file has
cp -- "$base" "$MAL/length-past-end.der"
len=$(printf '%04x' $(( n - 4 + 256 )))
set_byte "$MAL/length-past-end.der" 2 "${len:0:2}"
set_byte "$MAL/length-past-end.der" 3 "${len:2:2}"
# 100000 nested indefinite-length SEQUENCE headers, nothing else
printf '\x30\x80%.0s' $(seq 100000) > "$MAL/deep-nesting.der"
[[ $(size_of "$MAL/deep-nesting.der") -eq 200000 ]] || die "deep-nesting size"
# a valid CMS structure of the wrong kind: envelopedData. Its content key and IV are random, so
# the previous file is kept when it still decrypts (with pki/unrelated.key) to the same payload.
if [[ -s $WORK/previous-enveloped-data.der ]] &&
    openssl cms -decrypt -binary -inform DER -in "$WORK/previous-enveloped-data.der" \
        -recip "$PKI/unrelated.pem" -inkey "$PKI/unrelated.key" -out "$WORK/previous-enveloped.txt" 2>/dev/null &&
    cmp -s "$WORK/previous-enveloped.txt" "$WORK/one-inapp.payload.der"; then
    cp -- "$WORK/previous-enveloped-data.der" "$MAL/enveloped-data.der"
else
    run openssl cms -encrypt -binary -outform DER -aes-256-cbc -in "$WORK/one-inapp.payload.der" \
        -out "$MAL/enveloped-data.der" "$PKI/unrelated.pem"
fi
# base64 of one-inapp.der with the character at offset 112 replaced by '#'
b=$(base64 -w0 -- "$base")
printf '%s#%s\n' "${b:0:112}" "${b:113}" > "$MAL/not-base64.b64"
: > "$MAL/empty.der"
# The one segment of the constructed payload OCTET STRING of one-inapp-ber-indefinite.der retagged [0],
# [APPLICATION 4] and [PRIVATE 4] (X.690 §8.7.3.2: segments are OCTET STRINGs).
ber=$REC/one-inapp-ber-indefinite.der
parsed=$(openssl asn1parse -inform DER -in "$ber")
segment=$(( $(sed -nE 's/^ *([0-9]+):d=5 +hl=2 +l=inf +cons: +OCTET STRING.*/\1/p' <<<"$parsed") + 2 ))
[[ $(hex_at "$ber" "$segment") == 04 ]] || die "no OCTET STRING segment at $segment in $ber"
for tag in context:80 application:44 private:c4; do
    cp -- "$ber" "$MAL/octet-string-segment-${tag%%:*}.der"
    set_byte "$MAL/octet-string-segment-${tag%%:*}.der" "$segment" "${tag##*:}"
done
# The one-inapp payload inside two extra OCTET STRINGs, correctly signed: refused by appreceipt, not by openssl.
sign "$MAL/payload-triple-wrapped.der" wrapped-twice sha256 leaf "${CHAIN[@]}"
rm -f -- "$MAL/payload-triple-wrapped.b64"
# The SignerInfo serial 0x1001 written with a redundant leading zero octet (02 03 00 10 01), which X.690 §8.3.2
# forbids in BER and DER alike (OpenSSL: "illegal padding").
run python3 "$HERE/der-edit.py" signer-serial "$base" "$MAL/signer-serial-non-minimal.der" 001001

# ---------------------------------------------------------------------------------------------
# summary
# ---------------------------------------------------------------------------------------------

echo "make-vectors.sh: device hash for $DEVICE_UUID / opaque $DEVICE_OPAQUE / $DEVICE_BUNDLE = $DEVICE_HASH"
echo "make-vectors.sh: one-inapp.der is $n bytes"
# StoreKit 2 (JWS) vectors: their own EC test PKI, built by a sibling script into jws/.
bash "$HERE/make-jws-vectors.sh"

echo "make-vectors.sh: wrote $(find "$REC" "$ATT" "$MAL" -type f | wc -l) vector files; checking them:"
bash "$HERE/check-vectors.sh"
