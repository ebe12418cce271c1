# The harness probe: --lib noop prints its own cost in ns/op.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
"$CS" run --quick --lib noop --alg sha256,aes-128-gcm --sizes 16 -o "$d/r.json" >"$d/out.txt" ||
	fail "run exited $?"
cat "$d/out.txt"
grep -q "ns per operation" "$d/out.txt" || fail "noop matrix is not in ns/op"
"$CHECK" "$d/r.json" --min-samples 10 --others ok --cells 3 || fail "result file"
