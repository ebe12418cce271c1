# Agreement: a cell whose output differs from the other libraries' on the same
# input is flagged ("agree": false, '!' in the matrix) and the run exits 3.
# The noop worker in its test-only "disagree" mode claims to have passed its
# KATs, so its made-up sha256 output is compared with OpenSSL's four paths.
. "$(dirname "$0")/lib.sh"
have_worker openssl || skip "no OpenSSL worker built"
d=$(tmpdir)
CRYPTOSPEED_FAULT=disagree:sha256 "$CS" run --quick --lib openssl,noop --alg sha256,sha1 \
	--sizes 64 --no-evidence -o "$d/r.json" >"$d/out.txt" 2>"$d/err.txt"
rc=$?
cat "$d/out.txt" "$d/err.txt"
[ $rc -eq 3 ] || fail "exit $rc, want 3"
grep -q "disagree with the other libraries" "$d/err.txt" || fail "no message on stderr"
grep -A8 "^sha256 digest" "$d/out.txt" | grep "^noop/noop " | grep -q '!' || fail "noop row not marked '!'"
# the four OpenSSL paths agree with each other, noop does not
n_true=$(grep -c '"agree": true' "$d/r.json")
n_false=$(grep -c '"agree": false' "$d/r.json")
[ "$n_false" -eq 1 ] || fail "$n_false cells disagree, want 1 (noop sha256)"
[ "$n_true" -ge 8 ] || fail "$n_true cells agree, want the 8 OpenSSL cells"
# without the fault noop is not compared at all and the run exits 0
"$CS" run --quick --lib openssl,noop --alg sha256 --sizes 64 --no-evidence >/dev/null ||
	fail "clean run exited $?"
echo ok
