#!/usr/bin/env bash
# make-jws-vectors.sh: builds the appreceipt FAKE EC test PKI and the StoreKit 2 (JWS) test vectors in jws/.
#
# Usage: TestVectors/make-jws-vectors.sh        (any working directory; make-vectors.sh calls it)
#
# Overwrites jws/pki/*.pem, jws/valid/, jws/attacks/, jws/twins/ and jws/bodies/. The outputs are committed;
# tests never run this script. Keys in jws/pki/*.key are reused when present. OpenSSL 3.0 has no
# deterministic ECDSA, so every run changes the EC certificates' and the tokens' signatures; what each
# vector is, and so its expected outcome (README.md, jws/expectations.json), does not change.
#
# A token is made the way Apple makes one (receipt-format.md §7.1): header {"alg":"ES256","x5c":[leaf,
# intermediate, root]} with x5c entries in standard base64 of DER, header and payload in unpadded base64url,
# signed with `openssl dgst -sha256 -sign` (DER ECDSA-Sig-Value), whose r and s are then written as the raw
# 64-byte r || s that JWS ES256 uses (RFC 7518 §3.4), read off `openssl asn1parse`.
#
# Needs: bash, OpenSSL 3.x CLI, coreutils, sed, xxd. Nothing here is Apple's: certificate names say
# "(NOT APPLE)", except the apple-lookalike-* chain, which copies Apple's names on purpose (it is the
# self-made-root attack) and is signed by throw-away keys like everything else.
set -euo pipefail

HERE=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
cd "$HERE"
JWS=$HERE/jws
PKI=$JWS/pki
EXT=$HERE/inputs/pki-extensions.cnf

WORK=$(mktemp -d "${TMPDIR:-/tmp}/appreceipt-jws.XXXXXX")
trap 'rm -rf -- "$WORK"' EXIT

die() { echo "make-jws-vectors.sh: $*" >&2; exit 1; }

# run CMD...: runs quietly; on failure shows the command and its output.
run() {
    local out
    if ! out=$("$@" 2>&1); then
        printf 'make-jws-vectors.sh: command failed: %s\n%s\n' "$*" "$out" >&2
        exit 1
    fi
}

mkdir -p "$PKI" "$WORK/ca/newcerts"
rm -rf -- "$JWS/valid" "$JWS/attacks" "$JWS/twins" "$JWS/bodies"
rm -f -- "$PKI"/*.pem "$PKI"/*.der "$PKI"/FINGERPRINTS.txt
mkdir -p "$JWS/valid" "$JWS/attacks" "$JWS/twins" "$JWS/bodies"

# ---------------------------------------------------------------------------------------------
# EC test PKI, shaped like Apple's (§7.1): P-384 root and intermediate signing with ecdsa-with-SHA384,
# P-256 leaf. Extension profiles come from inputs/pki-extensions.cnf (the receipt PKI's), markers included.
# ---------------------------------------------------------------------------------------------

CA_CNF=$WORK/ca.cnf
# shellcheck source=ca-config.sh
source "$HERE/ca-config.sh"
write_ca_config "$CA_CNF" "$WORK/ca" sha384

# new_key NAME CURVE: jws/pki/NAME.key (PKCS#8 PEM), kept if it already exists.
new_key() {
    local f=$PKI/$1.key
    if [[ ! -s $f ]]; then
        run openssl genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$2" -pkeyopt ec_param_enc:named_curve -out "$f"
    fi
}

# issue NAME CURVE SUBJECT ISSUER|self EXTENSION_SECTION NOT_BEFORE NOT_AFTER SERIAL_HEX: writes jws/pki/NAME.pem.
issue() {
    local name=$1 curve=$2 subject=$3 issuer=$4 ext=$5 start=$6 end=$7 serial=$8
    new_key "$name" "$curve"
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
        -startdate "$start" -enddate "$end" -notext -batch -preserveDN -md sha384 \
        -extfile "$EXT" -extensions "$ext"
}

ORG="/C=US/O=appreceipt Test PKI"
ROOT_DN="$ORG/OU=appreceipt Test Certification Authority/CN=appreceipt Test Root CA - G3 (NOT APPLE)"
INTER_DN="$ORG/OU=G6 (TEST)/CN=appreceipt Test WWDR Intermediate CA G6 (NOT APPLE)"
LEAF_OU="$ORG/OU=appreceipt Test Receipt Signing"

# The valid chain.
issue root         P-384 "$ROOT_DN"  self         ext_root         20150101000000Z 20450101000000Z 01
issue intermediate P-384 "$INTER_DN" root         ext_intermediate 20200101000000Z 20400101000000Z 02
issue leaf         P-256 "$LEAF_OU/CN=appreceipt Test ECC Receipt Signing (NOT APPLE)" \
    intermediate ext_leaf 20240101000000Z 20270101000000Z 1001
# Markers missing.
issue leaf-no-marker P-256 "$LEAF_OU/CN=appreceipt Test ECC Leaf Without Marker (NOT APPLE)" \
    intermediate ext_leaf_no_marker 20240101000000Z 20270101000000Z 1002
issue intermediate-no-marker P-384 "$ORG/OU=G6 (TEST)/CN=appreceipt Test Intermediate Without Marker (NOT APPLE)" \
    root ext_intermediate_no_marker 20200101000000Z 20400101000000Z 03
issue leaf-under-intermediate-no-marker P-256 "$LEAF_OU/CN=appreceipt Test ECC Receipt Signing (NOT APPLE)" \
    intermediate-no-marker ext_leaf 20240101000000Z 20270101000000Z 1003
# A leaf that expired years before the tokens were signed.
issue leaf-expired P-256 "$LEAF_OU/CN=appreceipt Test ECC Expired Leaf (NOT APPLE)" \
    intermediate ext_leaf 20200101000000Z 20210101000000Z 1004
# Self-made root with Apple's names (and an intermediate and leaf under it with Apple's names and markers).
issue apple-lookalike-root P-384 "/CN=Apple Root CA - G3/OU=Apple Certification Authority/O=Apple Inc./C=US" \
    self ext_root 20140430000000Z 20390430000000Z 2DC5FC88D2C54B95
issue apple-lookalike-intermediate P-384 \
    "/CN=Apple Worldwide Developer Relations Certification Authority/OU=G6/O=Apple Inc./C=US" \
    apple-lookalike-root ext_intermediate 20210317000000Z 20360319000000Z 02
issue apple-lookalike-leaf P-256 \
    "/CN=Prod ECC Mac App Store and iTunes Store Receipt Signing/OU=Apple Worldwide Developer Relations/O=Apple Inc./C=US" \
    apple-lookalike-intermediate ext_leaf 20240101000000Z 20270101000000Z 1005
# RFC 5280 extension rules (issue 20): an unknown critical extension on the leaf, and on an intermediate (with
# a good leaf under it); a leaf whose keyUsage OpenSSL cannot parse.
issue leaf-unknown-critical P-256 "$LEAF_OU/CN=appreceipt Test ECC Leaf Unknown Critical (NOT APPLE)" \
    intermediate ext_leaf_unknown_critical 20240101000000Z 20270101000000Z 1006
issue intermediate-unknown-critical P-384 "$ORG/OU=G6 (TEST)/CN=appreceipt Test Intermediate Unknown Critical (NOT APPLE)" \
    root ext_intermediate_unknown_critical 20200101000000Z 20400101000000Z 04
issue leaf-under-intermediate-unknown-critical P-256 "$LEAF_OU/CN=appreceipt Test ECC Receipt Signing (NOT APPLE)" \
    intermediate-unknown-critical ext_leaf 20240101000000Z 20270101000000Z 1007
issue leaf-malformed-extension P-256 "$LEAF_OU/CN=appreceipt Test ECC Leaf Malformed Key Usage (NOT APPLE)" \
    intermediate ext_leaf_malformed_key_usage 20240101000000Z 20270101000000Z 1008
# An unrelated self-signed certificate (four-x5c) and an Xcode-like self-signed signer (§8).
issue unrelated P-256 "$ORG/OU=Unrelated/CN=appreceipt Test Unrelated EC Certificate (NOT APPLE)" \
    self ext_unrelated 20240101000000Z 20270101000000Z 01
issue xcode P-256 "$ORG/OU=StoreKit Testing (TEST)/CN=StoreKit Testing in Xcode (NOT APPLE)" \
    self ext_storekit 20250101000000Z 20260101000000Z 01
# An RSA key for the RS256 attack (no certificate: the attack keeps the EC chain in x5c).
[[ -s $PKI/rs256.key ]] || run openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$PKI/rs256.key"

run openssl x509 -in "$PKI/root.pem" -outform DER -out "$PKI/root.der"
{
    echo "# SHA-256 fingerprints (of the DER certificate) of the appreceipt FAKE EC test PKI."
    echo "# Regenerated by make-jws-vectors.sh; ECDSA certificate signatures change on every run."
    for f in "$PKI"/*.pem; do
        fp=$(openssl x509 -in "$f" -noout -fingerprint -sha256 | sed 's/^.*=//; s/://g')
        printf '%s  jws/pki/%s\n' "$fp" "$(basename "$f")"
    done
} > "$PKI/FINGERPRINTS.txt"

# ---------------------------------------------------------------------------------------------
# token helpers
# ---------------------------------------------------------------------------------------------

# b64url: stdin to unpadded base64url on one line (RFC 7515 §2).
b64url() { base64 -w0 | tr -- '+/' '-_' | tr -d '='; }

# x5c CERT...: the JSON array of standard base64 DER certificates (RFC 7515 §4.1.6).
x5c() {
    local out="" c
    for c in "$@"; do out+="${out:+,}\"$(openssl x509 -in "$PKI/$c.pem" -outform DER | base64 -w0)\""; done
    printf '[%s]' "$out"
}

CHAIN=(leaf intermediate root)

# header ALG CERT...: a header with Apple's two keys.
header() { printf '{"alg":"%s","x5c":%s}' "$1" "$(x5c "${@:2}")"; }

# raw_signature DER_FILE: the raw r || s (64 bytes, hex) of a DER ECDSA-Sig-Value.
raw_signature() {
    local ints hex="" n
    mapfile -t ints < <(openssl asn1parse -inform DER -in "$1" | sed -n 's/.*INTEGER *:\([0-9A-F]*\)$/\1/p')
    [[ ${#ints[@]} -eq 2 ]] || die "expected two INTEGERs in $1"
    for n in "${ints[@]}"; do
        (( ${#n} <= 64 )) || die "an integer longer than 32 bytes in $1"
        hex+=$(printf '%64s' "$n" | tr ' ' 0)
    done
    printf '%s' "$hex"
}

# es256 KEY SIGNING_INPUT: base64url of the raw ES256 signature; the DER one stays in $WORK/last.der.
es256() {
    printf '%s' "$2" > "$WORK/input"
    run openssl dgst -sha256 -sign "$PKI/$1.key" -out "$WORK/last.der" "$WORK/input"
    # Checked at once with the same key's certificate, so a broken key or conversion stops the script.
    run openssl x509 -in "$PKI/$1.pem" -noout -pubkey -out "$WORK/pub.pem"
    run openssl dgst -sha256 -verify "$WORK/pub.pem" -signature "$WORK/last.der" "$WORK/input"
    raw_signature "$WORK/last.der" | xxd -r -p | b64url
}

# token KEY HEADER_JSON PAYLOAD_JSON: a signed compact JWS.
token() {
    local h p
    h=$(printf '%s' "$2" | b64url)
    p=$(printf '%s' "$3" | b64url)
    printf '%s.%s.%s' "$h" "$p" "$(es256 "$1" "$h.$p")"
}

# write FILE TEXT: one token (or body) per file, ending in a newline.
write() { printf '%s\n' "$2" > "$1"; }

# ---------------------------------------------------------------------------------------------
# payloads (Apple's names, receipt-format.md §7.3-7.6); milliseconds since 1970
# ---------------------------------------------------------------------------------------------

BUNDLE=com.example.appreceipt.storekit
APP_APPLE_ID=1234567890
SIGNED=1748736000000       # 2025-06-01T00:00:00Z: every token's signedDate
PURCHASED=1748649600000    # 2025-05-31T00:00:00Z
EXPIRES=1751328000000      # 2025-07-01T00:00:00Z
ORIGINAL=1717200000000     # 2024-06-01T00:00:00Z

# transaction ID PRODUCT EXPIRES [EXTRA_MEMBERS] [ENVIRONMENT]: an auto-renewable subscription transaction whose
# original transaction id is ID with its first digit 2 replaced by 1.
transaction() {
    local id=$1 product=$2 expires=$3 extra=${4:-} environment=${5:-Production}
    printf '{"transactionId":"%s","originalTransactionId":"1%s","webOrderLineItemId":"3%s","bundleId":"%s",' \
        "$id" "${id:1}" "${id:1}" "$BUNDLE"
    printf '"productId":"%s","subscriptionGroupIdentifier":"21000001","purchaseDate":%s,"originalPurchaseDate":%s,' \
        "$product" "$PURCHASED" "$ORIGINAL"
    printf '"expiresDate":%s,"quantity":1,"type":"Auto-Renewable Subscription","inAppOwnershipType":"PURCHASED",' "$expires"
    printf '"signedDate":%s,"environment":"%s","transactionReason":"RENEWAL","storefront":"USA",' "$SIGNED" "$environment"
    printf '"storefrontId":"143441","price":9990,"currency":"USD"%s}' "$extra"
}

# renewal ORIGINAL_ID PRODUCT AUTO_RENEW [EXTRA_MEMBERS]: a renewal info.
renewal() {
    printf '{"originalTransactionId":"%s","autoRenewProductId":"%s","productId":"%s","autoRenewStatus":%s,' "$1" "$2" "$2" "$3"
    printf '"signedDate":%s,"environment":"Production","recentSubscriptionStartDate":%s,"renewalDate":%s%s}' \
        "$SIGNED" "$ORIGINAL" "$EXPIRES" "${4:-}"
}

# notification TRANSACTION_TOKEN RENEWAL_TOKEN: a DID_RENEW notification payload carrying both.
notification() {
    printf '{"notificationType":"DID_RENEW","notificationUUID":"0f6c2a8e-4b1d-4e57-9a3c-7d2e5b9f1a04",'
    printf '"data":{"appAppleId":%s,"bundleId":"%s","bundleVersion":"42","environment":"Production",' "$APP_APPLE_ID" "$BUNDLE"
    printf '"signedTransactionInfo":"%s","signedRenewalInfo":"%s","status":1},"version":"2.0","signedDate":%s}' \
        "$1" "$2" "$SIGNED"
}

# tamper TOKEN: the token with its payload re-encoded after one change (price 9990 -> 99), signature kept.
tamper() {
    local h p s
    IFS=. read -r h p s <<<"$1"
    local json
    json=$(printf '%s' "$p" | tr -- '-_' '+/' | { cat; printf '%*s' $(( (4 - ${#p} % 4) % 4 )) '' | tr ' ' '='; } | base64 -d)
    [[ $json == *'"price":9990'* ]] || die "tamper: no price to change"
    printf '%s.%s.%s' "$h" "$(printf '%s' "${json/\"price\":9990/\"price\":99}" | b64url)" "$s"
}

GOOD_HEADER=$(header ES256 "${CHAIN[@]}")

# ---------------------------------------------------------------------------------------------
# valid items
# ---------------------------------------------------------------------------------------------

TX=$(token leaf "$GOOD_HEADER" "$(transaction 2000000000000001 pro.monthly "$EXPIRES")")
RI=$(token leaf "$GOOD_HEADER" "$(renewal 1000000000000001 pro.monthly 1)")
write "$JWS/valid/transaction.jws" "$TX"
write "$JWS/valid/renewal-info.jws" "$RI"
write "$JWS/valid/notification.jws" "$(token leaf "$GOOD_HEADER" "$(notification "$TX" "$RI")")"
write "$JWS/valid/app-transaction.jws" "$(token leaf "$GOOD_HEADER" \
    "{\"receiptType\":\"Production\",\"appAppleId\":$APP_APPLE_ID,\"bundleId\":\"$BUNDLE\",\"applicationVersion\":\"42\",\
\"versionExternalIdentifier\":0,\"receiptCreationDate\":$SIGNED,\"requestDate\":$SIGNED,\"originalApplicationVersion\":\"1\",\
\"originalPurchaseDate\":$ORIGINAL,\"appTransactionId\":\"704000000000000001\",\"originalPlatform\":\"iOS\"}")"
# The Xcode shape: one self-signed certificate, environment Xcode, Xcode's extra header keys.
write "$JWS/valid/xcode-transaction.jws" "$(token xcode \
    "{\"alg\":\"ES256\",\"kid\":\"Apple_Xcode_Key\",\"typ\":\"JWT\",\"x5c\":$(x5c xcode)}" \
    "$(transaction 2000000000000002 pro.monthly "$EXPIRES" "" Xcode)")"

# ---------------------------------------------------------------------------------------------
# attacks, each with a valid twin made the same way except for the one thing attacked
# ---------------------------------------------------------------------------------------------

# pair NAME TWIN_TOKEN ATTACK_TOKEN
pair() {
    write "$JWS/twins/$1.jws" "$2"
    write "$JWS/attacks/$1.jws" "$3"
}

n=10
# next_transaction: sets P to a fresh transaction payload (id 20000000000000$n), so no two pairs share one.
next_transaction() {
    n=$((n + 1))
    P=$(transaction "20000000000000$n" pro.monthly "$EXPIRES")
}

# alg none: the signature segment is empty.
next_transaction
h=$(printf '%s' "$(header none "${CHAIN[@]}")" | b64url)
pair alg-none "$(token leaf "$GOOD_HEADER" "$P")" "$h.$(printf '%s' "$P" | b64url)."

# HS256 keyed with the leaf's public key (the PEM text, as an algorithm-confused verifier would use it).
next_transaction
h=$(printf '%s' "$(header HS256 "${CHAIN[@]}")" | b64url)
p=$(printf '%s' "$P" | b64url)
run openssl x509 -in "$PKI/leaf.pem" -noout -pubkey -out "$WORK/leaf.pub.pem"
printf '%s' "$h.$p" > "$WORK/input"
mac=$(openssl dgst -sha256 -binary -mac HMAC -macopt "hexkey:$(xxd -p "$WORK/leaf.pub.pem" | tr -d '\n')" "$WORK/input" | b64url)
pair alg-hs256-leaf-public-key "$(token leaf "$GOOD_HEADER" "$P")" "$h.$p.$mac"

# RS256 with an RSA key, the EC chain left in x5c.
next_transaction
h=$(printf '%s' "$(header RS256 "${CHAIN[@]}")" | b64url)
p=$(printf '%s' "$P" | b64url)
printf '%s' "$h.$p" > "$WORK/input"
rs=$(openssl dgst -sha256 -sign "$PKI/rs256.key" "$WORK/input" | b64url)
pair alg-rs256 "$(token leaf "$GOOD_HEADER" "$P")" "$h.$p.$rs"

# x5c with two certificates (no root) and with four (an unrelated certificate after the root).
next_transaction
pair x5c-two-certificates "$(token leaf "$GOOD_HEADER" "$P")" "$(token leaf "$(header ES256 leaf intermediate)" "$P")"
next_transaction
pair x5c-four-certificates "$(token leaf "$GOOD_HEADER" "$P")" \
    "$(token leaf "$(header ES256 leaf intermediate root unrelated)" "$P")"

# A self-made root with Apple's names, with an intermediate and leaf under it that carry the markers.
next_transaction
pair self-made-root-with-apple-names "$(token leaf "$GOOD_HEADER" "$P")" \
    "$(token apple-lookalike-leaf "$(header ES256 apple-lookalike-leaf apple-lookalike-intermediate apple-lookalike-root)" "$P")"

# Leaf without 1.2.840.113635.100.6.11.1; intermediate without 1.2.840.113635.100.6.2.1.
next_transaction
pair leaf-without-marker "$(token leaf "$GOOD_HEADER" "$P")" \
    "$(token leaf-no-marker "$(header ES256 leaf-no-marker intermediate root)" "$P")"
next_transaction
pair intermediate-without-marker "$(token leaf "$GOOD_HEADER" "$P")" \
    "$(token leaf-under-intermediate-no-marker \
        "$(header ES256 leaf-under-intermediate-no-marker intermediate-no-marker root)" "$P")"

# Payload changed after signing (price 9990 -> 99), signature kept.
next_transaction
good=$(token leaf "$GOOD_HEADER" "$P")
pair tampered-payload "$good" "$(tamper "$good")"

# The same signature, DER-encoded instead of raw r || s.
next_transaction
good=$(token leaf "$GOOD_HEADER" "$P")
pair der-encoded-signature "$good" "${good%.*}.$(b64url < "$WORK/last.der")"

# Signed by a leaf that expired (2021-01-01) long before the payload's signedDate (2025-06-01).
next_transaction
pair leaf-expired-at-signed-date "$(token leaf "$GOOD_HEADER" "$P")" \
    "$(token leaf-expired "$(header ES256 leaf-expired intermediate root)" "$P")"

# An unknown critical extension on the leaf and on the intermediate; a leaf with an unparseable keyUsage.
next_transaction
pair leaf-unknown-critical-extension "$(token leaf "$GOOD_HEADER" "$P")" \
    "$(token leaf-unknown-critical "$(header ES256 leaf-unknown-critical intermediate root)" "$P")"
next_transaction
pair intermediate-unknown-critical-extension "$(token leaf "$GOOD_HEADER" "$P")" \
    "$(token leaf-under-intermediate-unknown-critical \
        "$(header ES256 leaf-under-intermediate-unknown-critical intermediate-unknown-critical root)" "$P")"
next_transaction
pair leaf-malformed-extension "$(token leaf "$GOOD_HEADER" "$P")" \
    "$(token leaf-malformed-extension "$(header ES256 leaf-malformed-extension intermediate root)" "$P")"

# The Xcode shape (one self-signed certificate) on a payload that says Production.
next_transaction
X=$(transaction "20000000000000$n" pro.monthly "$EXPIRES" "" Xcode)
XH="{\"alg\":\"ES256\",\"kid\":\"Apple_Xcode_Key\",\"typ\":\"JWT\",\"x5c\":$(x5c xcode)}"
pair xcode-signer-on-production-payload "$(token xcode "$XH" "$X")" "$(token xcode "$XH" "$P")"

# A good notification whose nested transaction was altered after Apple (here: the test leaf) signed it.
n=$((n + 1))
T=$(token leaf "$GOOD_HEADER" "$(transaction "20000000000000$n" pro.monthly "$EXPIRES")")
R=$(token leaf "$GOOD_HEADER" "$(renewal "10000000000000$n" pro.monthly 1)")
pair notification-with-bad-nested-transaction "$(token leaf "$GOOD_HEADER" "$(notification "$T" "$R")")" \
    "$(token leaf "$GOOD_HEADER" "$(notification "$(tamper "$T")" "$R")")"

# ---------------------------------------------------------------------------------------------
# App Store Server API bodies
# ---------------------------------------------------------------------------------------------

# Get All Subscription Statuses at signedDate 2025-06-01: one subscription in each of Apple's statuses 1-5.
DAY=86400000
status_entry() { # ID PRODUCT STATUS EXPIRES TX_EXTRA RENEWAL_AUTO RENEWAL_EXTRA
    local t r
    t=$(token leaf "$GOOD_HEADER" "$(transaction "$1" "$2" "$4" "$5")")
    r=$(token leaf "$GOOD_HEADER" "$(renewal "1${1:1}" "$2" "$6" "$7")")
    printf '{"originalTransactionId":"1%s","status":%s,"signedTransactionInfo":"%s","signedRenewalInfo":"%s"}' \
        "${1:1}" "$3" "$t" "$r"
}
S1=$(status_entry 2000000000000101 sub.active 1 "$EXPIRES" "" 1 "")
S2=$(status_entry 2000000000000102 sub.expired 2 $((SIGNED - 31 * DAY)) "" 0 ',"expirationIntent":1')
S3=$(status_entry 2000000000000103 sub.retry 3 $((SIGNED - 7 * DAY)) "" 1 ',"expirationIntent":2,"isInBillingRetryPeriod":true')
S4=$(status_entry 2000000000000104 sub.grace 4 $((SIGNED - 2 * DAY)) "" 1 \
    ",\"isInBillingRetryPeriod\":true,\"gracePeriodExpiresDate\":$((SIGNED + 4 * DAY))")
S5=$(status_entry 2000000000000105 sub.revoked 5 "$EXPIRES" ",\"revocationDate\":$((SIGNED - DAY)),\"revocationReason\":1" 0 "")
# A sixth subscription whose transaction was altered after signing: reported, not counted.
forged_tx=$(tamper "$(token leaf "$GOOD_HEADER" "$(transaction 2000000000000106 sub.forged "$EXPIRES")")")
S6=$(printf '{"originalTransactionId":"1000000000000106","status":1,"signedTransactionInfo":"%s"}' "$forged_tx")
statuses() {
    printf '{"environment":"Production","bundleId":"%s","appAppleId":%s,"data":[' "$BUNDLE" "$APP_APPLE_ID"
    printf '{"subscriptionGroupIdentifier":"21000001","lastTransactions":[%s,%s,%s]},' "$S1" "$S2" "$S3"
    printf '{"subscriptionGroupIdentifier":"21000002","lastTransactions":[%s]}]}' "$1"
}
write "$JWS/bodies/all-subscription-statuses.json" "$(statuses "$S4,$S5")"
write "$JWS/bodies/all-subscription-statuses-with-forged-item.json" "$(statuses "$S4,$S5,$S6")"

H1=$(token leaf "$GOOD_HEADER" "$(transaction 2000000000000201 pro.yearly "$EXPIRES")")
H2=$(token leaf "$GOOD_HEADER" "$(transaction 2000000000000202 pro.yearly "$EXPIRES" ',"offerType":1,"offerDiscountType":"FREE_TRIAL"')")
write "$JWS/bodies/transaction-history.json" "$(printf \
    '{"revision":"1748736000000_2000000000000202","bundleId":"%s","appAppleId":%s,"environment":"Production","hasMore":false,"signedTransactions":["%s","%s"]}' \
    "$BUNDLE" "$APP_APPLE_ID" "$H1" "$H2")"
RF=$(token leaf "$GOOD_HEADER" "$(transaction 2000000000000301 pro.monthly "$EXPIRES" ",\"revocationDate\":$((SIGNED - DAY)),\"revocationReason\":0")")
write "$JWS/bodies/refund-history.json" "$(printf '{"revision":"1748736000000_2000000000000301","hasMore":false,"signedTransactions":["%s"]}' "$RF")"
write "$JWS/bodies/transaction-info.json" "$(printf '{"signedTransactionInfo":"%s"}' "$TX")"
write "$JWS/bodies/notification-body.json" "$(printf '{"signedPayload":"%s"}' "$(cat "$JWS/valid/notification.jws")")"

echo "make-jws-vectors.sh: wrote $(find "$JWS/valid" "$JWS/attacks" "$JWS/twins" "$JWS/bodies" -type f | wc -l) JWS vector files"
# The edge vectors (jws/edge/) are signed with the same chain, so they are made again with it.
python3 "$HERE/make-jws-edge-vectors.py"
bash "$HERE/check-jws-vectors.sh"
