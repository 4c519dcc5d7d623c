#!/usr/bin/env bash
# Builds each fuzz target's seed corpus from TestVectors/ (and ../shared/vectors when present) into
# Fuzz/seeds/TARGET/, as Fuzz/seeds.conf lists. Git-ignored; rebuilt from scratch on every run.
#
#   Fuzz/make-corpus.sh [TARGET ...]     (default: every target in seeds.conf)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
shared=../shared/vectors
if [ ! -f "$shared/manifest.json" ]; then
  echo "make-corpus.sh: $shared is absent; seeds come from TestVectors only" >&2
  shared=""
fi

# base64url without padding, of stdin.
b64url() { base64 -w0 | tr '+/' '-_' | tr -d '='; }

# A compact JWS whose header names the PEM certificate in $1 (x5c) and whose payload has millisecond dates.
jws_from_pem() {
  local body
  body="$(sed -e '/-----BEGIN CERTIFICATE-----/,/-----END CERTIFICATE-----/!d' -e '/-----/d' "$1" | tr -d '\n\r ')"
  printf '%s.%s.%s' \
    "$(printf '{"alg":"ES256","x5c":["%s"]}' "$body" | b64url)" \
    "$(printf '{"bundleId":"com.example.appreceipt","signedDate":1700000000000,"expiresDate":1702592000000}' | b64url)" \
    "$(printf 'signature' | b64url)"
}

# Writes the transformed file $3 into folder $1 under a name derived from $3; transform $2.
add_seed() {
  local folder="$1" transform="$2" file="$3" name
  name="$(echo "$file" | sed -e 's|^\.\./shared/vectors/|shared_|' -e 's|/|_|g')"
  case "$transform" in
    raw) cp "$file" "$folder/$name" ;;
    base64) base64 -d -i <"$file" >"$folder/$name.bin" 2>/dev/null || rm -f "$folder/$name.bin" ;;
    pem) openssl x509 -in "$file" -outform der -out "$folder/$name.der" 2>/dev/null || rm -f "$folder/$name.der" ;;
    jws) jws_from_pem "$file" >"$folder/$name.jws" ;;
    purchase-info)
      base64 -d -i <"$file" 2>/dev/null | sed -n 's/.*"purchase-info" = "\([^"]*\)".*/\1/p' | base64 -d -i \
        >"$folder/$name.purchase-info" 2>/dev/null || true
      [ -s "$folder/$name.purchase-info" ] || rm -f "$folder/$name.purchase-info"
      ;;
    *) echo "make-corpus.sh: unknown transform $transform" >&2; exit 1 ;;
  esac
}

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(grep -v '^#' Fuzz/seeds.conf | awk 'NF { print $1 }' | uniq)
fi
for target in "${targets[@]}"; do
  folder="Fuzz/seeds/$target"
  rm -rf "$folder"
  mkdir -p "$folder"
  while read -r name transform pattern; do
    [ "$name" = "$target" ] || continue
    case "$pattern" in
      shared/*) [ -n "$shared" ] || continue; pattern="$shared/${pattern#shared/}" ;;
    esac
    for file in $pattern; do
      [ -f "$file" ] && add_seed "$folder" "$transform" "$file"
    done
  done < <(grep -v '^#' Fuzz/seeds.conf)
  count="$(find "$folder" -type f | wc -l)"
  if [ "$count" -eq 0 ]; then
    echo "make-corpus.sh: no seeds for target $target (is it in Fuzz/seeds.conf?)" >&2
    exit 1
  fi
  echo "make-corpus.sh: $target: $count seeds in $folder"
done
