# The exit status table of `cryptospeed --help`, each status produced for real.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
quick=(run --quick --lib noop --alg sha256 --sizes 64 --no-evidence)
expect_rc() { # expect_rc WANT WHAT CMD...
	local want=$1 what=$2; shift 2
	"$@" >"$d/out" 2>"$d/err"
	local rc=$?
	[ $rc -eq "$want" ] || fail "$what: exit $rc, want $want: $(tail -3 "$d/err")"
}
# the table is in --help
"$CS" --help | grep -q "^  4  some cells wrong, crashed, timeout or error" || fail "no table in --help"
# 0: every cell ok
expect_rc 0 "all ok" "$CS" "${quick[@]}" -o "$d/ok.json"
# 1: no worker could start; stdout cannot be written
expect_rc 1 "launcher false" "$CS" "${quick[@]}" --launcher false -o "$d/l.json"
grep -q "^cryptospeed: noop: " "$d/err" || fail "launcher false: no line naming the worker: $(cat "$d/err")"
"$CS" "${quick[@]}" -o "$d/full.json" >/dev/full 2>"$d/err"
rc=$?
[ $rc -eq 1 ] || fail "stdout /dev/full: exit $rc, want 1"
grep -q "cannot write to standard output" "$d/err" || fail "/dev/full: $(cat "$d/err")"
"$CHECK" "$d/full.json" --cells 1 >/dev/null || fail "/dev/full: the result file was lost"
# 2: bad input, and a selection that matches no cell
expect_rc 2 "bad option" "$CS" "${quick[@]}" --precision 0
expect_rc 2 "no cell" "$CS" run --quick --lib noop --path noop --alg aes-128-cbc --op digest
# 3: a library that disagrees (the noop worker claims its made-up output passed)
if have_worker openssl; then
	CRYPTOSPEED_FAULT=disagree expect_rc 3 "disagree" "$CS" run --quick --lib noop,openssl \
		--path noop,evp --alg sha256 --sizes 64 --no-evidence
fi
# 4: some cells not ok, the rest measured and written
CRYPTOSPEED_FAULT=wrong:sha256 expect_rc 4 "wrong cell" "$CS" run --quick --lib noop \
	--alg sha1,sha256 --sizes 64 --no-evidence -o "$d/four.json"
"$CHECK" "$d/four.json" --status sha256=wrong --others ok --cells 2 >/dev/null ||
	fail "exit 4: the measured cells were not written"
# n/a, not an error: a size that does not fit the algorithm
if have_worker openssl; then
	expect_rc 0 "size 100 cbc" "$CS" run --quick --lib openssl --path evp --alg aes-128-cbc \
		--sizes 64,100 --no-evidence -o "$d/cbc.json"
	grep -A1 '"status": "unsupported"' "$d/cbc.json" |
		grep -q '"detail": "aes-128-cbc needs a multiple of 16 bytes"' ||
		fail "size 100: no unsupported cell with the reason"
	grep -q "^openssl/evp .* n/a" "$d/out" || fail "size 100: the matrix shows no n/a"
fi
echo ok
