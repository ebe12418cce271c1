#!/usr/bin/env bash
# The harness's own cost per operation: the noop worker, whose operations
# touch one byte, measured like any library (one indirect call, the loop, the
# seal nonce counter). Prints ns/op per operation kind.
set -euo pipefail
cd "$(dirname "$0")/.."
cs=build/bin/cryptospeed
[ -x "$cs" ] || { echo "build first: make build" >&2; exit 1; }
"$cs" run --lib noop --alg aes-128-gcm,aes-128-cbc,sha256,x25519 --sizes 16 --no-evidence \
	--format csv | awk -F, 'NR == 1 { next } { printf "%-12s %-7s %8.2f ns/op\n", $5, $6, $13 }'
