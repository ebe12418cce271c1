# Two counting runs of the same selection give identical counts in every
# cell: ARCH is x86-64 (the host's workers under qemu-x86_64) or aarch64 (the
# cross build's workers under qemu-aarch64 -cpu cortex-a53). Cells whose op
# draws fresh randomness by design (keygen, sign, a blinded derive) are
# reported as a mean marked exact=false; every other ok cell must be exact.
. "$(dirname "$0")/lib.sh"
arch=${1:?x86-64 or aarch64}
sel=(--lib openssl,nettle,wolfssl,mbedtls,sodium --alg aes-128-gcm,sha256,chacha20-poly1305,x25519
	--sizes 16,8192)
case $arch in
x86-64) need_qemu qemu-x86_64; cpu=(--cpu x86-64) ;;
aarch64) need_qemu qemu-aarch64; need_cross; cpu=(--cpu cortex-a53 --worker-dir "$CS_CROSS_BIN") ;;
*) fail "unknown arch $arch" ;;
esac
for i in 1 2; do
	start=$(date +%s.%N)
	"$CS" run --count "${cpu[@]}" "${sel[@]}" -o "$CS_TMP/r$i.json" >"$CS_TMP/r$i.txt" 2>"$CS_TMP/r$i.err"
	rc=$?
	end=$(date +%s.%N)
	# 0, or 4 when a cell is not ok: said below
	[ $rc -eq 0 ] || [ $rc -eq 4 ] || fail "run $i exited $rc: $(tail -3 "$CS_TMP/r$i.err")"
	echo "run $i: $(python3 -c "print(round($end - $start, 1))") s, load $(cut -d' ' -f1-3 /proc/loadavg)"
done
counts "$CS_TMP/r1.json" >"$CS_TMP/c1"
counts "$CS_TMP/r2.json" >"$CS_TMP/c2"
n=$(wc -l <"$CS_TMP/c1")
ok=$(grep -c ' ok {' "$CS_TMP/c1")
[ "$ok" -ge 40 ] || fail "only $ok of $n cells counted: $(grep -v ' ok {' "$CS_TMP/c1" | grep -v unsupported | head -5)"
# every cell that is not ok is unsupported: none is error
bad=$(grep -v ' ok {' "$CS_TMP/c1" | grep -v ' unsupported ')
[ -z "$bad" ] || fail "cells neither ok nor unsupported: $bad"
inexact=$(grep -c '"exact": false' "$CS_TMP/c1")
grep '"exact": false' "$CS_TMP/c1" | grep -Ev ' (keygen|sign|derive) ' &&
	fail "an op that must be exact is not"
# identical, cell by cell, but the means of random-by-design cells
diff <(grep -v '"exact": false' "$CS_TMP/c1") <(grep -v '"exact": false' "$CS_TMP/c2") ||
	fail "two counting runs differ"
same=$(grep -c '"exact": true' "$CS_TMP/c1")
echo "ok: $arch: $same exact cells identical in two runs ($n cells, $inexact random by design)"
