#!/usr/bin/env bash
# bench/tls_fidelity.sh's bare handshake loops (bench/tls_<lib>_loop.c) still
# build against the installed libraries and complete their handshakes: each
# prints a positive rate and exits 0 (no timing is asserted). mbedTLS 2.28
# runs its TLS 1.2 loop and refuses TLS 1.3 with exit 2, naming the version.
# A library whose headers are missing is skipped for that loop.
# Usage: tls_loops.sh SOURCE_DIR TLS_DIR
source "$(dirname "$0")/lib.sh"
src=${1:?usage: tls_loops.sh SOURCE_DIR TLS_DIR}
tls=${2:?usage}
[ -f "$tls/ca.crt" ] || fail "no test certificates in $tls"
t=$(tmpdir)
ran=0
check() { # NAME VERSION
	local out rc
	out=$("$t/$1" "$tls" "$2" 2>"$t/$1.err")
	rc=$?
	[ $rc -eq 0 ] || fail "$1 $2 exited $rc: $(cat "$t/$1.err")"
	awk -v x="$out" 'BEGIN { exit !(x + 0 > 0) }' || fail "$1 $2 printed '$out', not a rate"
	echo "ok: $1 TLS $2 ($out handshakes/s, not asserted)"
	ran=$((ran + 1))
}
build() { # NAME SOURCE FLAGS...
	local name=$1 file=$2
	shift 2
	cc -O2 -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wpedantic -Werror -o "$t/$name" \
		"$src/bench/$file" "$@" 2>"$t/$name.cc" && return 0
	if grep -q "No such file or directory" "$t/$name.cc"; then
		echo "skipped: $name (headers missing: $(grep -m1 "No such file" "$t/$name.cc"))"
		return 1
	fi
	fail "bench/$file does not build: $(head -n 5 "$t/$name.cc")"
}
pc() { pkg-config --cflags --libs "$@" 2>/dev/null || echo "-lmissing-$1"; }
# shellcheck disable=SC2046 # pkg-config prints several words
build openssl tls_openssl_loop.c $(pc libssl libcrypto) && check openssl 13 && check openssl 12
# shellcheck disable=SC2046
build wolfssl tls_wolfssl_loop.c $(pc wolfssl) && check wolfssl 13
# shellcheck disable=SC2046
build gnutls tls_gnutls_loop.c $(pc gnutls) && check gnutls 13 && check gnutls 12
if build mbedtls tls_mbedtls_loop.c -lmbedtls -lmbedx509 -lmbedcrypto; then
	check mbedtls 12
	if ! grep -q 'MBEDTLS_VERSION_NUMBER *0x03' /usr/include/mbedtls/build_info.h 2>/dev/null; then
		"$t/mbedtls" "$tls" 13 >/dev/null 2>"$t/m13.err"
		rc=$?
		if [ $rc -ne 2 ] || ! grep -q "has no TLS 1.3" "$t/m13.err"; then
			fail "mbedTLS 2.x TLS 1.3 loop: exit $rc ($(cat "$t/m13.err")), wanted 2 and why"
		fi
		echo "ok: mbedtls 2.x refuses TLS 1.3 ($(cat "$t/m13.err"))"
	fi
fi
"$t/openssl" "$tls" 11 >/dev/null 2>"$t/bad.err" && fail "tls_openssl_loop accepted TLS version 11"
grep -q "accepted: 13, 12" "$t/bad.err" || fail "bad version message: $(cat "$t/bad.err")"
[ $ran -gt 0 ] || skip "no TLS library's headers are installed"
echo "ok: $ran loops completed their handshakes"
