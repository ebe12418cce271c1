# --launcher runs each worker as PREFIX + its argv, without a shell; a
# launcher that cannot start gives a clear error per library and the run goes
# on (here: nothing else to measure, so no cells); --multi N adds xN rows
# sampled at the same moment on distinct CPUs.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
# `env` is a launcher that runs its arguments: the protocol passes through it
"$CS" run --quick --lib noop --alg sha256 --sizes 64 --no-evidence --launcher env \
	-o "$d/r.json" >"$d/out.txt" || fail "run via env launcher exited $?"
"$CHECK" "$d/r.json" --others ok --min-samples 10 --cells 1 || fail "launcher run"
grep -q '"launcher": \[' "$d/r.json" || fail "launcher not recorded"
# a launcher that does not exist: its error line naming it, exit 1 (no worker could
# start), the result file records why
"$CS" run --quick --lib noop --alg sha256 --sizes 64 --no-evidence \
	--launcher /nonexistent/launcher -o "$d/bad.json" >"$d/bad.txt" 2>"$d/bad.err"
rc=$?
[ $rc -eq 1 ] || fail "bad launcher: exit $rc (want 1)"
grep -q "cannot start '/nonexistent/launcher': No such file or directory" "$d/bad.err" ||
	fail "bad launcher message: $(cat "$d/bad.err")"
grep -q '"error": "cannot start' "$d/bad.json" || fail "error not in the result file"
# a worker directory on the "target" that lacks the worker
"$CS" run --quick --lib noop --alg sha256 --sizes 64 --no-evidence --launcher env \
	--worker-dir /nonexistent -o "$d/miss.json" >/dev/null 2>"$d/miss.err"
grep -q "^cryptospeed: noop: .*/nonexistent/cryptospeed-worker-noop.* did not say hello" "$d/miss.err" ||
	fail "missing worker: no error naming the library and the path: $(cat "$d/miss.err")"
# a launcher that drops the environment must not turn a mask into unmasked
# numbers: the masked cells are unsupported, saying why
if have_worker openssl; then
	"$CS" run --quick --lib =openssl --path evp --alg sha256 --sizes 64 --no-evidence \
		--mask none,no-sha --launcher 'env -i' -o "$d/lost.json" >/dev/null 2>"$d/lost.err" ||
		fail "env -i run exited $?"
	grep -q "did not reach the worker" "$d/lost.err" || fail "no warning: $(cat "$d/lost.err")"
	"$CHECK" "$d/lost.json" --cells 2 >/dev/null || fail "lost-mask result file"
	[ "$(grep -c '"status": "unsupported"' "$d/lost.json")" -eq 1 ] || fail "masked cell not unsupported"
	[ "$(grep -c '"status": "ok"' "$d/lost.json")" -eq 1 ] || fail "unmasked cell not ok"
fi
# --multi 2: single and x2 rows, the x2 cells sampled on pinned CPUs
"$CS" run --quick --lib noop --alg sha256 --sizes 64 --no-evidence --multi 2 \
	-o "$d/multi.json" >"$d/multi.txt" || fail "multi exited $?"
cat "$d/multi.txt"
grep -q "^noop/noop " "$d/multi.txt" || fail "no single row"
grep -q "^noop/noop x2 " "$d/multi.txt" || fail "no x2 row"
grep -q '"multi": 2' "$d/multi.json" || fail "multi not in the result file"
grep -q '"pinned_cpu": 0' "$d/multi.json" || fail "no worker pinned to CPU 0"
"$CHECK" "$d/multi.json" --others ok --min-samples 10 --cells 2 || fail "multi cells"
echo ok
