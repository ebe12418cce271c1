#!/usr/bin/env bash
# Fidelity: cryptospeed's OpenSSL numbers against `openssl speed -evp`, on the
# same machine, interleaved round by round so drift hits both alike.
# Prints, per algorithm and size, the median over rounds of ours/theirs for
# openssl/fetch, openssl/evp and openssl/oneshot.
#
#   bench/fidelity.sh [ROUNDS]        (default 3; about 40 s a round)
#
# What `openssl speed` 3.x times: AEADs with -aead = a fresh IV, 13 B AAD,
# encrypt, tag per op on one context (our seal); -evp sha256 = EVP_Digest per op
# (our oneshot path; fetch/evp reuse one context).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
cs=build/bin/cryptospeed
[ -x "$cs" ] || { echo "build first: make build" >&2; exit 1; }
command -v openssl >/dev/null || { echo "needs the openssl command" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the plain loop: a third opinion, no harness at all
cc -O2 -o "$work/evp_loop" bench/evp_loop.c -lcrypto

algs="aes-128-gcm chacha20-poly1305 sha256"
sizes="16 8192"

theirs() { # alg size -> bytes/s from `openssl speed -mr`
	local alg=$1 size=$2 aead=""
	[ "$alg" != sha256 ] && aead=-aead
	openssl speed -mr -seconds 2 -bytes "$size" $aead -evp "$alg" 2>/dev/null |
		awk -F: '/^\+F:/ { print $4 }'
}

for r in $(seq 1 "$rounds"); do
	for alg in $algs; do
		op=digest; [ "$alg" != sha256 ] && op=seal
		for size in $sizes; do
			t=$(theirs "$alg" "$size")
			echo "$r $alg $size openssl-speed $t" >>"$work/all"
			echo "$r $alg $size plain-loop $("$work/evp_loop" "$alg" "$size")" >>"$work/all"
		done
		"$cs" run --lib openssl --path fetch,evp,oneshot --alg "$alg" --op "$op" \
			--sizes 16,8192 --no-evidence --format csv >"$work/ours.csv"
		# ours by median (what we report) and by mean (what a long run reports)
		awk -F, -v r="$r" 'NR > 1 && $8 == "ok" {
			print r, $5, $7, $3, $10
			print r, $5, $7, $3 "-mean", $7 * 1e9 / $19 }' "$work/ours.csv" >>"$work/all"
	done
	echo "round $r of $rounds done" >&2
done

echo "cryptospeed / openssl speed -evp, median of $rounds interleaved rounds (rate ratio; >1 = we measured faster)"
echo "fetch-mean: our samples averaged the way a long single run averages (interruptions included)"
echo "plain-loop: bench/evp_loop.c, the fetch path's calls in a bare loop timed for 1 s"
printf '%-18s %6s %10s %10s %10s %10s %10s   %s\n' alg size fetch evp oneshot fetch-mean plain-loop \
	"openssl speed MB/s"
for alg in $algs; do
	for size in $sizes; do
		line=$(printf '%-18s %6s' "$alg" "$size")
		for path in fetch evp oneshot fetch-mean plain-loop; do
			ratio=$(awk -v a="$alg" -v s="$size" -v p="$path" '
				$2 == a && $3 == s && $4 == "openssl-speed" { t[$1] = $5 }
				$2 == a && $3 == s && $4 == p { o[$1] = $5 }
				END {
					n = 0
					for (r in o) if (r in t && t[r] > 0) v[++n] = o[r] / t[r]
					if (n == 0) { print "-"; exit }
					for (i = 2; i <= n; i++)	# insertion sort (POSIX awk has no asort)
						for (j = i; j > 1 && v[j - 1] > v[j]; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
					m = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
					printf "%.3f", m
				}' "$work/all")
			line="$line $(printf '%10s' "$ratio")"
		done
		theirs_mb=$(awk -v a="$alg" -v s="$size" '$2 == a && $3 == s && $4 == "openssl-speed" { x = $5 } END { printf "%.1f", x / 1e6 }' "$work/all")
		echo "$line   $theirs_mb"
	done
done
