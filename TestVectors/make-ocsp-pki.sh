#!/usr/bin/env bash
# A small FAKE PKI whose certificates name OCSP responders, for the online revocation tests (`verify --online`,
# `chain.revocation`; docs/revocation.md). Nothing here is Apple's; every name says "(NOT APPLE)".
#
#   bash TestVectors/make-ocsp-pki.sh OUT_DIR LEAF_RESPONDER_URL [INTERMEDIATE_RESPONDER_URL]
#
# The responder URLs go into the certificates' Authority Information Access, so the tests run it at test time,
# into a temporary directory, with the loopback port of a responder they start (a free port chosen first). The
# keys are committed throw-away test keys (ocsp/keys/, made here when missing), so a run takes well under a
# second. Writes into OUT_DIR:
#   root.pem                self-signed anchor (P-256), no AIA (a root is never asked about)
#   intermediate.pem        marker 6.2.1; AIA = INTERMEDIATE_RESPONDER_URL when given, else no AIA
#   responder.pem           delegated OCSP signer for the intermediate (EKU OCSPSigning), its key responder.key
#   stranger.pem            self-signed OCSP signer nobody delegated (an answer it signs must not be trusted)
#   {receipt,jws}-{good,revoked,unknown}.pem   leaves (marker 6.11.1; AIA = LEAF_RESPONDER_URL): RSA-2048 for
#                           receipts, P-256 for StoreKit 2
#   index.txt               `openssl ocsp -index` for the intermediate: *-good valid, *-revoked revoked
#                           (keyCompromise), *-unknown absent (so the responder answers "unknown")
#   root-index.txt          the same for the root: the intermediate valid
#   receipt-*.der           an App Store receipt (inputs/one-inapp.cnf) signed by each receipt leaf, chain embedded
#   jws-*.jws               a StoreKit 2 transaction signed by each P-256 leaf, x5c = [leaf, intermediate, root]
# Needs bash, the OpenSSL 3 CLI, base64, tr, xxd, sed.
set -euo pipefail
[[ $# -ge 2 ]] || { echo "usage: $0 OUT_DIR LEAF_RESPONDER_URL [INTERMEDIATE_RESPONDER_URL]" >&2; exit 64; }
OUT=$1
LEAF_URL=$2
INTERMEDIATE_URL=${3:-}
HERE=$(cd "$(dirname "$0")" && pwd)
KEYS=$HERE/ocsp/keys
mkdir -p "$OUT" "$KEYS"
DN="/C=US/O=appreceipt Test PKI"

# key NAME rsa|ec: the committed key, made once when missing.
key() {
    local file=$KEYS/$1.key
    if [[ ! -f $file ]]; then
        if [[ $2 == rsa ]]; then
            openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$file" 2>/dev/null
        else
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$file" 2>/dev/null
        fi
    fi
    printf '%s' "$file"
}

# shellcheck source=ca-config.sh
source "$HERE/ca-config.sh"
mkdir -p "$OUT/ca/newcerts"
write_ca_config "$OUT/ca.cnf" "$OUT/ca" sha256

# issue NAME KEYTYPE CN ISSUER|self SERIAL EXTENSIONS: OUT/NAME.pem, valid 2015-01-01 .. 2045-01-01.
issue() {
    local name=$1 type=$2 cn=$3 issuer=$4 serial=$5 k
    k=$(key "$name" "$type")
    printf '[x]\n%b\n' "$6" > "$OUT/ca/x.ext"
    : > "$OUT/ca/index.txt"
    echo "$serial" > "$OUT/ca/serial"
    local by=(-cert "$OUT/$issuer.pem" -keyfile "$KEYS/$issuer.key")
    [[ $issuer == self ]] && by=(-selfsign -keyfile "$k")
    openssl req -new -config "$OUT/ca.cnf" -key "$k" -subj "$DN/CN=$cn (NOT APPLE)" -out "$OUT/ca/x.csr"
    openssl ca -config "$OUT/ca.cnf" "${by[@]}" -in "$OUT/ca/x.csr" -out "$OUT/$name.pem" -notext -batch \
        -preserveDN -startdate 20150101000000Z -enddate 20450101000000Z -extfile "$OUT/ca/x.ext" -extensions x \
        2>/dev/null
}

ca='basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash'
leaf="basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nsubjectKeyIdentifier=hash"
leaf+="\nauthorityKeyIdentifier=keyid:always\n1.2.840.113635.100.6.11.1=ASN1:NULL\nauthorityInfoAccess=OCSP;URI:$LEAF_URL"
intermediate="$ca\nauthorityKeyIdentifier=keyid:always\n1.2.840.113635.100.6.2.1=ASN1:NULL"
[[ -n $INTERMEDIATE_URL ]] && intermediate+="\nauthorityInfoAccess=OCSP;URI:$INTERMEDIATE_URL"
signer='basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=OCSPSigning'

issue root ec "appreceipt OCSP Test Root CA" self 01 "$ca"
issue intermediate ec "appreceipt OCSP Test Intermediate CA" root 02 "$intermediate"
issue responder ec "appreceipt OCSP Test Responder" intermediate 0100 "$signer\nauthorityKeyIdentifier=keyid:always"
issue stranger ec "appreceipt OCSP Test Stranger Responder" self 01 "$signer"
cp "$KEYS/responder.key" "$OUT/responder.key"
cp "$KEYS/stranger.key" "$OUT/stranger.key"
cp "$KEYS/root.key" "$OUT/root.key"
serial=1001
for era in receipt jws; do
    for status in good revoked unknown; do
        type=ec; [[ $era == receipt ]] && type=rsa
        issue "$era-$status" $type "appreceipt OCSP Test $era $status leaf" intermediate $serial "$leaf"
        serial=$((serial + 1))
    done
done

# index_line CERT STATUS [REVOCATION]: one line of OpenSSL's CA database (tab-separated).
index_line() {
    local serial subject
    serial=$(openssl x509 -in "$OUT/$1.pem" -noout -serial | sed 's/^serial=//')
    subject=$(openssl x509 -in "$OUT/$1.pem" -noout -subject -nameopt compat | sed 's/^subject=//')
    printf '%s\t450101000000Z\t%s\t%s\tunknown\t%s\n' "$2" "${3:-}" "$serial" "$subject"
}
{
    index_line receipt-good V
    index_line receipt-revoked R 250101000000Z,keyCompromise
    index_line jws-good V
    index_line jws-revoked R 250101000000Z,keyCompromise
    index_line responder V
} > "$OUT/index.txt"
index_line intermediate V > "$OUT/root-index.txt"

openssl asn1parse -genconf "$HERE/inputs/one-inapp.cnf" -noout -out "$OUT/payload.der"
b64url() { base64 -w0 | tr -- '+/' '-_' | tr -d '='; }
der64() { openssl x509 -in "$OUT/$1.pem" -outform DER | base64 -w0; }
header=$(printf '{"alg":"ES256","x5c":["%s","%s","%s"]}' "$(der64 jws-good)" "$(der64 intermediate)" "$(der64 root)")
body='{"transactionId":"2000000000000001","originalTransactionId":"1000000000000001","bundleId":"com.example.appreceipt.storekit","productId":"pro.monthly","purchaseDate":1748649600000,"originalPurchaseDate":1717200000000,"quantity":1,"type":"Non-Consumable","inAppOwnershipType":"PURCHASED","signedDate":1748736000000,"environment":"Production"}'
for status in good revoked unknown; do
    cat "$OUT/receipt-$status.pem" "$OUT/intermediate.pem" "$OUT/root.pem" > "$OUT/chain.pem"
    openssl smime -sign -binary -noattr -nodetach -nocerts -outform DER -md sha256 \
        -signer "$OUT/receipt-$status.pem" -inkey "$KEYS/receipt-$status.key" -certfile "$OUT/chain.pem" \
        -in "$OUT/payload.der" -out "$OUT/receipt-$status.der"
    input="$(printf '%s' "${header/$(der64 jws-good)/$(der64 "jws-$status")}" | b64url).$(printf '%s' "$body" | b64url)"
    # ES256 is the raw r || s, 32 bytes each (RFC 7518 §3.4), not the DER ECDSA-Sig-Value dgst writes.
    raw=$(printf '%s' "$input" | openssl dgst -sha256 -sign "$KEYS/jws-$status.key" \
        | openssl asn1parse -inform DER | sed -n 's/.*INTEGER *:\([0-9A-F]*\)$/\1/p' \
        | while read -r n; do printf '%64s' "$n" | tr ' ' 0; done)
    printf '%s.%s\n' "$input" "$(printf '%s' "$raw" | xxd -r -p | b64url)" > "$OUT/jws-$status.jws"
done
rm -rf "$OUT/payload.der" "$OUT/chain.pem" "$OUT/ca" "$OUT/ca.cnf"
