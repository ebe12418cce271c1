#!/usr/bin/env bash
# TLS fidelity (issue 21): per library, cryptospeed's full-handshake rate
# against a bare loop of the same library calls (bench/tls_<lib>_loop.c, no
# harness), interleaved round by round so drift hits both alike. Prints
# the median over rounds of ours/loop (1 = the harness adds nothing; the
# target is within 5 %) and the load average before and after. Both sides
# report the median of about-a-millisecond timed batches (bench/lib_loop.h).
#
#   bench/tls_fidelity.sh [ROUNDS] [BUILD_DIR]   (default 3, build)
#
# The cells: tls13-x25519-ecdsa-aes128gcm handshake for OpenSSL, wolfSSL and
# GnuTLS (Debian's); mbedTLS 2.28 (Debian's) has TLS 1.2 only, so its row is
# tls12-p256-ecdsa-aes128gcm; mbedTLS 3.6.6 runs the TLS 1.3 cell when the
# build has its worker (-DCRYPTOSPEED_MBEDTLS_ROOTS=$(scripts/libs.sh prefix
# mbedtls@3.6.6)). A library whose headers are missing is left out, said.
# A round takes about 5 s on an idle machine (each loop about 1 s, each
# cell a default-precision run); min..max is the spread of the per-round
# ratios, the honest error bar of the median.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
build=${2:-build}
if ! [[ $rounds =~ ^[0-9]+$ ]] || [ "$rounds" -lt 1 ]; then
	echo "bench/tls_fidelity.sh: ROUNDS '$rounds' (accepted: an integer >= 1)" >&2
	exit 2
fi
cs=$build/bin/cryptospeed
if [ ! -x "$cs" ] || [ ! -f "$build/tls/ca.crt" ]; then
	echo "build first: make build (or give the build dir)" >&2
	exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cflags=(-O2 -std=c11 -D_GNU_SOURCE)

# rows: name, cryptospeed --lib, algorithm, loop binary, loop's TLS version
rows=()
try_build() { # NAME SOURCE pkg-config-or-flags...
	local name=$1 src=$2
	shift 2
	if cc "${cflags[@]}" -o "$work/$name" "bench/$src" "$@" 2>"$work/$name.err"; then
		return 0
	fi
	echo "bench/tls_fidelity.sh: $name left out (cannot build bench/$src: $(head -n 1 "$work/$name.err"))" >&2
	return 1
}
pc() { pkg-config --cflags --libs "$@" 2>/dev/null || echo "-lmissing-$1"; }
h13=tls13-x25519-ecdsa-aes128gcm h12=tls12-p256-ecdsa-aes128gcm
# shellcheck disable=SC2046 # pkg-config prints several words
try_build openssl tls_openssl_loop.c $(pc libssl libcrypto) && rows+=("openssl =openssl $h13 openssl 13")
# shellcheck disable=SC2046
try_build wolfssl tls_wolfssl_loop.c $(pc wolfssl) && rows+=("wolfssl =wolfssl $h13 wolfssl 13")
# shellcheck disable=SC2046
try_build gnutls tls_gnutls_loop.c $(pc gnutls) && rows+=("gnutls =gnutls $h13 gnutls 13")
try_build mbedtls tls_mbedtls_loop.c -lmbedtls -lmbedx509 -lmbedcrypto &&
	rows+=("mbedtls =mbedtls $h12 mbedtls 12")
m3=$(bash scripts/libs.sh prefix mbedtls@3.6.6 2>/dev/null || true)
if [ -n "$m3" ] && [ -d "$m3/lib" ] && [ -x "$build/bin/cryptospeed-worker-mbedtls@3.6.6+default" ]; then
	try_build mbedtls3 tls_mbedtls_loop.c -I"$m3/include" -L"$m3/lib" -Wl,-rpath,"$m3/lib" \
		-lmbedtls -lmbedx509 -lmbedcrypto &&
		rows+=("mbedtls@3.6.6 mbedtls@3.6.6+default $h13 mbedtls3 13")
else
	echo "bench/tls_fidelity.sh: mbedtls@3.6.6 left out (no worker in $build: configure with -DCRYPTOSPEED_MBEDTLS_ROOTS=\$(bash scripts/libs.sh prefix mbedtls@3.6.6))" >&2
fi
[ ${#rows[@]} -gt 0 ] || { echo "bench/tls_fidelity.sh: no TLS library to compare" >&2; exit 1; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq 1 "$rounds"); do
	for row in "${rows[@]}"; do
		read -r name lib alg loop ver <<<"$row"
		rate=$("$work/$loop" "$build/tls" "$ver" 2>>"$work/loop.err" || echo fail)
		echo "$r $name loop $rate" >>"$work/all"
		"$cs" run --lib "$lib" --alg "$alg" --op handshake --no-evidence --format csv \
			>"$work/ours.csv" 2>/dev/null || true
		awk -F, -v r="$r" -v n="$name" 'NR > 1 && $8 == "ok" { print r, n, "ours", $10 }' \
			"$work/ours.csv" >>"$work/all"
	done
	echo "round $r of $rounds done" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo "cryptospeed / bare loop (handshakes/s ratio), median of $rounds interleaved rounds"
echo "load average before: $load_before, after: $load_after"
printf '%-16s %-30s %8s %15s %12s %12s\n' lib alg ratio "min..max" "ours hs/s" "loop hs/s"
status=0
for row in "${rows[@]}"; do
	read -r name lib alg loop ver <<<"$row"
	awk -v l="$name" -v a="$alg" -v n="$rounds" '
		$2 == l && $4 != "fail" { v[$1 "," $3] = $4 }
		END {
			k = 0
			for (r = 1; r <= n; r++)
				if ((r ",ours") in v && (r ",loop") in v) {
					q[++k] = v[r ",ours"] / v[r ",loop"]
					o[k] = v[r ",ours"]; p[k] = v[r ",loop"]
				}
			if (!k) { printf "%-16s %-30s %8s\n", l, a, "-"; exit 1 }
			for (i = 2; i <= k; i++) for (j = i; j > 1 && q[j] < q[j-1]; j--) {
				t = q[j]; q[j] = q[j-1]; q[j-1] = t }
			m = (k % 2) ? q[(k + 1) / 2] : (q[k / 2] + q[k / 2 + 1]) / 2
			# the rates: medians over the rounds, each side apart
			for (i = 2; i <= k; i++) for (j = i; j > 1 && o[j] < o[j-1]; j--) {
				t = o[j]; o[j] = o[j-1]; o[j-1] = t }
			for (i = 2; i <= k; i++) for (j = i; j > 1 && p[j] < p[j-1]; j--) {
				t = p[j]; p[j] = p[j-1]; p[j-1] = t }
			printf "%-16s %-30s %8.3f %7.3f..%-6.3f %12.1f %12.1f\n", l, a, m, q[1], q[k],
				o[int((k + 1) / 2)], p[int((k + 1) / 2)]
		}' "$work/all" || status=1
done
if [ -s "$work/loop.err" ]; then
	echo "loop errors:" >&2
	sort -u "$work/loop.err" >&2
fi
exit "$status"
