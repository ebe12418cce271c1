# A --multi sample window that starts far ahead (docs/protocol.md): a worker
# refuses one more than 600 s ahead with an error reply, and one it waits
# for ends when its input ends (the orchestrator gone), never sleeping on.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
w=$CS_BIN/cryptospeed-worker-noop
now_ns() { python3 -c 'import time; print(time.clock_gettime_ns(time.CLOCK_MONOTONIC))'; }
command -v python3 >/dev/null || skip "python3 not installed"
prep='{"cmd":"prepare","id":1,"alg":"sha256","path":"noop","op":"digest","size":16}'
# far ahead: refused at once, with a reply that says why
t=$(($(now_ns) + 3600000000000))
printf '%s\n{"cmd":"sample","id":1,"n":3,"start_ns":%s,"end_ns":%s}\n' "$prep" "$t" \
	"$((t + 100000000))" | timeout 60 "$w" >"$d/far.out" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "a window an hour ahead: worker exit $rc: $(tail -2 "$d/far.out")"
grep -q '"status":"error".*accepted: a window that starts within 600 s' "$d/far.out" ||
	fail "a window an hour ahead: no error reply: $(tail -1 "$d/far.out")"
# 300 s ahead, then end of input: the worker ends within seconds
t=$(($(now_ns) + 300000000000))
start=$(date +%s)
printf '%s\n{"cmd":"sample","id":1,"n":3,"start_ns":%s,"end_ns":%s}\n' "$prep" "$t" \
	"$((t + 100000000))" | timeout 120 "$w" >"$d/eof.out" 2>&1
rc=$?
[ $rc -ne 124 ] || fail "a worker waiting for a window slept on past the end of its input"
[ $(($(date +%s) - start)) -lt 60 ] || fail "a worker took more than 60 s to notice its input ended"
echo ok
