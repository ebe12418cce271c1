# Every library agrees with every other on every common (alg, op, size).
. "$(dirname "$0")/lib.sh"
# every library worker the build made (noop, the harness probe, computes nothing)
libs=""
for w in "$CS_BIN"/cryptospeed-worker-*; do
	[ -x "$w" ] || continue
	l=${w##*/cryptospeed-worker-}
	[ "$l" = noop ] || libs="$libs,$l"
done
libs=${libs#,}
[ -n "$libs" ] || skip "no library workers built"
d=$(tmpdir)
# a generous per-request timeout: on a loaded 2-CPU machine a slow library's
# prepare (KATs, calibration) must not turn into a 'timeout' cell (exit 4)
"$CS" run --quick --lib "$libs" --sizes 16,1024 --no-evidence --timeout 60 -o "$d/r.json" \
	>"$d/out.txt" 2>"$d/err.txt"
rc=$?
[ $rc -eq 0 ] || { cat "$d/out.txt" "$d/err.txt"; grep -B8 -A2 '"status": "\(wrong\|crashed\|timeout\|error\)"' "$d/r.json"; fail "run exited $rc"; }
args=""
for l in ${libs//,/ }; do args="$args --lib $l"; done
# 3: the runner stops an extremely slow op (RSA sign under ASan) at 3 samples
"$CHECK" "$d/r.json" --agree --min-samples 3 $args || fail "libraries disagree"
echo "ok: $libs"
