# `run --quick` end to end on OpenSSL: every path, statuses, samples, agreement, the matrix.
. "$(dirname "$0")/lib.sh"
have_worker openssl || skip "no OpenSSL worker built"
d=$(tmpdir)
"$CS" run --quick --lib openssl --alg sha256,aes-128-gcm,aes-128-cbc,x25519 --sizes 16,1024 \
	-o "$d/r.json" >"$d/out.txt" 2>"$d/err.txt" || fail "run exited $? ($(cat "$d/err.txt"))"
cat "$d/out.txt"
"$CHECK" "$d/r.json" --min-samples 10 --agree --lib openssl --cells 20 || fail "result file"
# every path ran sha256, lowlevel has no AES-GCM call
for p in evp fetch oneshot lowlevel; do
	grep -q "^openssl/$p " "$d/out.txt" || fail "no row for openssl/$p"
done
grep -A8 "^aes-128-gcm seal" "$d/out.txt" | grep "^openssl/lowlevel " | grep -q "n/a" ||
	fail "openssl/lowlevel aes-128-gcm is not shown as n/a"
grep -q "^sha256 digest" "$d/out.txt" || fail "no sha256 block"
grep -q "^x25519 derive" "$d/out.txt" || fail "no x25519 block"
echo "ok"
