#!/usr/bin/env bash
# Signature fidelity: cryptospeed's sign/verify rates against a plain loop of
# the same calls (bench/sig_loop.c), for openssl/fetch (Ed25519, ECDSA P-256,
# RSA-2048) and sodium/combined (Ed25519), interleaved round by round.
# Prints the median over rounds of ours/plain-loop (1 = the harness adds
# nothing; the ECDSA rows include our r||s <-> DER conversion, which the plain
# loop does not do).
#
#   bench/sig_fidelity.sh [ROUNDS] [BUILD_DIR]   (default 3, build; ~25 s a round)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
build=${2:-build}
cs=$build/bin/cryptospeed
[ -x "$cs" ] || { echo "build first: make build (or give the build dir)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/sig_loop" bench/sig_loop.c $(pkg-config --cflags --libs libcrypto libsodium)

rows="openssl:fetch:ed25519 openssl:fetch:ecdsa-p256 openssl:fetch:rsa-2048 sodium:combined:ed25519"
for r in $(seq 1 "$rounds"); do
	for row in $rows; do
		IFS=: read -r lib path alg <<<"$row"
		for op in sign verify; do
			echo "$r $lib $path $alg $op plain $("$work/sig_loop" "$lib" "$alg" "$op")" >>"$work/all"
		done
	done
	"$cs" run --lib openssl,sodium --path fetch,combined --alg ed25519,ecdsa-p256,rsa-2048 \
		--op sign,verify --no-evidence --format csv >"$work/ours.csv" 2>/dev/null || true
	awk -F, -v r="$r" 'NR > 1 && $8 == "ok" { print r, $1, $3, $5, $6, "ours", $10 }' \
		"$work/ours.csv" >>"$work/all"
	echo "round $r of $rounds done" >&2
done

echo "cryptospeed / plain loop (op/s ratio), median of $rounds interleaved rounds"
printf '%-26s %-7s %8s %12s %12s\n' lib/path/alg op ratio "ours op/s" "loop op/s"
for row in $rows; do
	IFS=: read -r lib path alg <<<"$row"
	for op in sign verify; do
		awk -v l="$lib" -v p="$path" -v a="$alg" -v o="$op" -v n="$rounds" '
			$2 == l && $3 == p && $4 == a && $5 == o { v[$1 "," $6] = $7 }
			END {
				k = 0
				for (r = 1; r <= n; r++)
					if ((r ",ours") in v && (r ",plain") in v) {
						q[++k] = v[r ",ours"] / v[r ",plain"]
						ours[k] = v[r ",ours"]; loop[k] = v[r ",plain"]
					}
				if (!k) { printf "%-26s %-7s %8s\n", l "/" p "/" a, o, "-"; exit }
				# median by insertion sort (k is small)
				for (i = 2; i <= k; i++) for (j = i; j > 1 && q[j] < q[j-1]; j--) {
					t = q[j]; q[j] = q[j-1]; q[j-1] = t }
				m = (k % 2) ? q[(k + 1) / 2] : (q[k / 2] + q[k / 2 + 1]) / 2
				printf "%-26s %-7s %8.3f %12.0f %12.0f\n", l "/" p "/" a, o, m, ours[1], loop[1]
			}' "$work/all"
	done
done
