#!/usr/bin/env bash
# Fidelity of the libgcrypt and Botan adapters: cryptospeed's rates for
# gcrypt/gcrypt and botan/ffi against a bare loop of the same calls
# (bench/lib_loop.c), at 16 B and 8192 B, interleaved round by round so drift
# hits both alike. Prints the median over rounds of ours/bare (1 = the harness
# adds nothing; the target is within 5 %). Both sides are medians of ~1 ms
# batches, so a loaded machine hurts neither more. The Botan seal rows include the
# adapter's copy of ciphertext and tag out of Botan's one buffer, which the
# bare loop does not make.
#
#   bench/lib_fidelity.sh [ROUNDS] [BUILD_DIR]   (default 3, build; ~30 s a round)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
build=${2:-build}
cs=$build/bin/cryptospeed
[ -x "$cs" ] || { echo "build first: make build (or give the build dir)" >&2; exit 1; }
for w in gcrypt botan; do
	[ -x "$build/bin/cryptospeed-worker-$w" ] || { echo "no $w worker in $build" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -O2 -o "$work/lib_loop" bench/lib_loop.c $(pkg-config --cflags --libs libgcrypt botan-2)

rows="gcrypt:gcrypt botan:ffi"
algs="aes-128-gcm chacha20-poly1305 sha256"
sizes="16 8192"
for r in $(seq 1 "$rounds"); do
	for row in $rows; do
		lib=${row%%:*}
		for alg in $algs; do
			for size in $sizes; do
				echo "$r $lib $alg $size bare $("$work/lib_loop" "$lib" "$alg" "$size")" >>"$work/all"
			done
		done
	done
	"$cs" run --lib gcrypt,botan --path gcrypt,ffi --alg aes-128-gcm,chacha20-poly1305,sha256 \
		--op seal,digest --sizes 16,8192 --no-evidence --format csv >"$work/ours.csv" 2>/dev/null || true
	awk -F, -v r="$r" 'NR > 1 && $8 == "ok" { print r, $1, $5, $7, "ours", $10 }' \
		"$work/ours.csv" >>"$work/all"
	echo "round $r of $rounds done" >&2
done

echo "cryptospeed / bare loop of the same calls, median of $rounds interleaved rounds (>1 = we measured faster)"
printf '%-14s %-18s %6s %8s   %s\n' lib/path alg size ratio "bare MB/s"
for row in $rows; do
	lib=${row%%:*} path=${row#*:}
	for alg in $algs; do
		for size in $sizes; do
			awk -v l="$lib" -v a="$alg" -v s="$size" -v lp="$lib/$path" '
				$2 == l && $3 == a && $4 == s { v[$1 "," $5] = $6; rs[$1] = 1 }
				END {
					n = 0
					for (r in rs) if ((r ",bare") in v && (r ",ours") in v && v[r ",bare"] > 0) {
						x[++n] = v[r ",ours"] / v[r ",bare"]; b[n] = v[r ",bare"]
					}
					if (n == 0) { printf "%-14s %-18s %6s %8s\n", lp, a, s, "-"; exit }
					for (i = 2; i <= n; i++)	# insertion sort (POSIX awk has no asort)
						for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
					m = (n % 2) ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
					printf "%-14s %-18s %6s %8.3f   %.1f\n", lp, a, s, m, b[1] / 1e6
				}' "$work/all"
		done
	done
done
