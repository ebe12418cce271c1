# A worker that crashes, hangs, answers wrong or writes garbage costs its cells,
# never the run: the other cells are measured, the faulty ones marked.
. "$(dirname "$0")/lib.sh"
mode=$1
case $mode in
crash) want=crashed ;; hang) want=timeout ;; wrong) want=wrong ;; garbage) want=error ;;
*) fail "unknown mode $mode" ;;
esac
d=$(tmpdir)
CRYPTOSPEED_FAULT=$mode:sha256 "$CS" run --quick --lib noop --alg sha1,sha256,x25519 \
	--sizes 16,64 --timeout 2 --no-evidence -o "$d/r.json" >"$d/out.txt" 2>"$d/err.txt"
rc=$?
cat "$d/out.txt"
# some cells not ok, the others measured and written: exit 4
[ $rc -eq 4 ] || fail "run exited $rc (want 4): $(cat "$d/err.txt")"
"$CHECK" "$d/r.json" --status sha256=$want --others ok --min-samples 10 --cells 6 ||
	fail "cells not marked as expected"
word=$want; [ $want = crashed ] && word=crash
grep -A4 "^sha256 digest" "$d/out.txt" | grep -q "$word" || fail "matrix does not show '$word'"
echo ok
