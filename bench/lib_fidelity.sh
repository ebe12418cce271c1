#!/usr/bin/env bash
# Fidelity of the NSS, BoringSSL, GnuTLS, libgcrypt and Botan adapters:
# cryptospeed's rate for each one's main path against a bare loop of the same
# calls (bench/{nss,boringssl,gnutls,gcrypt,botan}_loop.c), interleaved round
# by round so drift hits both alike. Prints the median over rounds of
# ours/loop (1 = the harness adds nothing; the target is within 5 %). The
# Botan seal rows include the adapter's copy of ciphertext and tag out of
# Botan's one buffer, which its loop does not make. Both sides report a
# median of short timed batches (bench/lib_loop.h), so a batch the scheduler
# interrupted counts for neither.
#
#   bench/lib_fidelity.sh [ROUNDS] [BUILD_DIR]   (default 3, build; ~30 s a round)
#
# Each loop is its own program: BoringSSL exports OpenSSL's names, so it is
# linked alone, from the android folder, as the worker is.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
build=${2:-build}
cs=$build/bin/cryptospeed
[ -x "$cs" ] || { echo "build first: make build (or give the build dir)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

libs=""
if pkg-config --exists nss; then
	# shellcheck disable=SC2046 # pkg-config prints several words
	cc -O2 -o "$work/nss_loop" bench/nss_loop.c $(pkg-config --cflags --libs nss) && libs="$libs nss"
fi
bdir=/usr/lib/$(cc -print-multiarch)/android
if [ -e "$bdir/libcrypto.so" ] && [ -d /usr/include/android/openssl ]; then
	cc -O2 -I/usr/include/android -o "$work/boringssl_loop" bench/boringssl_loop.c \
		-L"$bdir" -Wl,-rpath,"$bdir" -lcrypto && libs="$libs boringssl"
fi
if pkg-config --exists gnutls; then
	# shellcheck disable=SC2046
	cc -O2 -o "$work/gnutls_loop" bench/gnutls_loop.c $(pkg-config --cflags --libs gnutls) &&
		libs="$libs gnutls"
fi
if pkg-config --exists libgcrypt; then
	# shellcheck disable=SC2046
	cc -O2 -o "$work/gcrypt_loop" bench/gcrypt_loop.c $(pkg-config --cflags --libs libgcrypt) &&
		libs="$libs gcrypt"
fi
if pkg-config --exists botan-2; then
	# shellcheck disable=SC2046
	cc -O2 -o "$work/botan_loop" bench/botan_loop.c $(pkg-config --cflags --libs botan-2) &&
		libs="$libs botan"
fi
[ -n "$libs" ] || { echo "none of NSS, BoringSSL, GnuTLS, libgcrypt, Botan is installed" >&2; exit 1; }
# the main path of a library with several (the loop makes its calls)
main_path() { case $1 in gcrypt) echo gcrypt ;; *) echo "" ;; esac; }

algs="aes-128-gcm chacha20-poly1305 sha256"
for r in $(seq 1 "$rounds"); do
	for lib in $libs; do
		for alg in $algs; do
			for size in 16 8192; do
				echo "$r $lib $alg $size loop $("$work/${lib}_loop" "$alg" "$size")" >>"$work/all"
			done
		done
		path=$(main_path "$lib")
		"$cs" run --lib "$lib" ${path:+--path "$path"} --alg aes-128-gcm,chacha20-poly1305,sha256 \
			--op seal,digest --sizes 16,8192 --no-evidence --format csv >"$work/ours.csv" \
			2>/dev/null || true
		awk -F, -v r="$r" 'NR > 1 && $8 == "ok" { print r, $1, $5, $7, "ours", $10 }' \
			"$work/ours.csv" >>"$work/all"
	done
	echo "round $r of $rounds done" >&2
done

echo "cryptospeed / bare loop (rate ratio), median of $rounds interleaved rounds"
printf '%-10s %-18s %6s %8s %14s %14s\n' lib alg size ratio "ours B/s" "loop B/s"
for lib in $libs; do
	for alg in $algs; do
		for size in 16 8192; do
			awk -v l="$lib" -v a="$alg" -v s="$size" -v n="$rounds" '
				$2 == l && $3 == a && $4 == s { v[$1 "," $5] = $6 }
				END {
					k = 0
					for (r = 1; r <= n; r++)
						if ((r ",ours") in v && (r ",loop") in v) {
							q[++k] = v[r ",ours"] / v[r ",loop"]
							ours[k] = v[r ",ours"]; loop[k] = v[r ",loop"]
						}
					if (!k) { printf "%-10s %-18s %6s %8s\n", l, a, s, "-"; exit }
					for (i = 2; i <= k; i++) for (j = i; j > 1 && q[j] < q[j-1]; j--) {
						t = q[j]; q[j] = q[j-1]; q[j-1] = t }
					m = (k % 2) ? q[(k + 1) / 2] : (q[k / 2] + q[k / 2 + 1]) / 2
					printf "%-10s %-18s %6s %8.3f %14.4g %14.4g\n", l, a, s, m, ours[1], loop[1]
				}' "$work/all"
		done
	done
done
