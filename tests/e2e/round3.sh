# Issue 28 (part A): a counting file through every format, hw from counts of
# the same build only, compare and history refusing what they cannot
# compare, conform files that contradict themselves, conformance compared in
# one run and across renamed builds (--pair), the loader on what is no
# result file, and imports (a -multi 2 paste, a row with a bad value, two
# tables apart in BMF and gbench). The checks live in round3.py.
#   round3.sh DATA FIXTURES   (tests/data, the posts of ../shared/fixtures)
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 not installed"
have_worker noop || skip "no noop worker"
d=$(tmpdir)
"$CS" run --quick --lib noop --alg sha256 --sizes 16,64 --no-evidence -o "$d/r.json" \
	>/dev/null || fail "run exited $?"
python3 "$(dirname "$0")/round3.py" "$CS" "$d" "$1" "$2" || fail "round3.py failed (above)"
echo "ok: round3"
