#!/usr/bin/env bash
# TLS fidelity: cryptospeed's openssl/tls handshake rate for
# tls13-x25519-ecdsa-aes128gcm against a bare loop of the same libssl calls
# (bench/tls_loop.c), interleaved round by round. Prints the median over
# rounds of ours/plain-loop (1 = the harness adds nothing; the target is
# within 5 %). OpenSSL only so far: the other libraries' loops are not
# written yet.
#
#   bench/tls_fidelity.sh [ROUNDS] [BUILD_DIR]   (default 3, build; ~10 s a round)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
build=${2:-build}
cs=$build/bin/cryptospeed
if [ ! -x "$cs" ] || [ ! -f "$build/tls/ca.crt" ]; then
	echo "build first: make build (or give the build dir)" >&2
	exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046 # pkg-config's words are separate arguments
cc -O2 -o "$work/tls_loop" bench/tls_loop.c $(pkg-config --cflags --libs libssl libcrypto)

alg=tls13-x25519-ecdsa-aes128gcm
for r in $(seq 1 "$rounds"); do
	echo "$r plain $("$work/tls_loop" "$build/tls")" >>"$work/all"
	"$cs" run --lib =openssl --alg "$alg" --op handshake --no-evidence --format csv \
		>"$work/ours.csv" 2>/dev/null || true
	awk -F, -v r="$r" 'NR > 1 && $8 == "ok" { print r, "ours", $10 }' "$work/ours.csv" >>"$work/all"
	echo "round $r of $rounds done" >&2
done
echo "cryptospeed / plain loop (handshakes/s ratio), median of $rounds interleaved rounds"
awk -v n="$rounds" '
	{ v[$1 "," $2] = $3 }
	END {
		k = 0
		for (r = 1; r <= n; r++)
			if ((r ",ours") in v && (r ",plain") in v) {
				q[++k] = v[r ",ours"] / v[r ",plain"]
				ours[k] = v[r ",ours"]; loop[k] = v[r ",plain"]
			}
		if (!k) { print "openssl/tls handshake: no round completed"; exit 1 }
		for (i = 2; i <= k; i++) for (j = i; j > 1 && q[j] < q[j-1]; j--) {
			t = q[j]; q[j] = q[j-1]; q[j-1] = t }
		m = (k % 2) ? q[(k + 1) / 2] : (q[k / 2] + q[k / 2 + 1]) / 2
		printf "%-28s %8.3f %12.1f %12.1f\n", "openssl/tls handshake", m, ours[1], loop[1]
	}' "$work/all"
