# A worker that dies or hangs after its cell has samples: the cell is written
# crashed/timeout with its samples as "partial" (never a rate), run exits 4,
# and report, compare and history read the file. The launcher passes the
# worker's lines through and, after the first sample reply, SIGKILLs the
# worker (kill) or SIGSTOPs it until the cell times out (stop).
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 not installed"
d=$(tmpdir)
cat >"$d/late.py" <<'PY'
import ctypes, os, signal, subprocess, sys
mode, argv = sys.argv[1], sys.argv[2:]
libc = ctypes.CDLL(None)
# the worker dies with its launcher, stopped or not
child = subprocess.Popen(argv, stdout=subprocess.PIPE,
                         preexec_fn=lambda: libc.prctl(1, signal.SIGKILL))
for line in child.stdout:
    sys.stdout.buffer.write(line)
    sys.stdout.buffer.flush()
    if b'"ns":[' in line:
        os.kill(child.pid, signal.SIGKILL if mode == "kill" else signal.SIGSTOP)
        if mode == "stop":
            signal.pause()
sys.exit(child.wait() and 1)
PY
for mode in kill stop; do
	"$CS" run --quick --lib noop --alg sha256 --sizes 64 --no-evidence --timeout 1 \
		--launcher "python3 $d/late.py $mode" -o "$d/$mode.json" >"$d/$mode.txt" 2>"$d/$mode.err"
	rc=$?
	[ $rc -eq 4 ] || fail "$mode: run exited $rc (want 4): $(cat "$d/$mode.err")"
	want=crashed
	[ $mode = stop ] && want=timeout
	python3 - "$d/$mode.json" "$want" <<'PY' || fail "$mode: the cell is not $want with partial samples"
import json, sys
c = json.load(open(sys.argv[1]))["cells"][0]
assert c["status"] == sys.argv[2], c["status"]
assert "rate" not in c and "ns_per_op" not in c and "samples" not in c, c.keys()
p = c["partial"]
assert p["n_samples"] == len(p["samples"]) >= 1, p
PY
	"$CHECK" "$d/$mode.json" --cells 1 >/dev/null || fail "$mode: check-results refuses the file"
	"$CS" report "$d/$mode.json" >"$d/$mode.report" || fail "$mode: report exited $?"
	grep -q "${want%%ed}" "$d/$mode.report" || fail "$mode: report does not show $want"
	"$CS" compare "$d/$mode.json" "$d/$mode.json" >/dev/null
	rc=$?
	[ $rc -ne 2 ] || fail "$mode: compare refuses the file"
	"$CS" history "$d/$mode.json" "$d/$mode.json" >/dev/null || fail "$mode: history exited $?"
	"$CS" run --quick --lib noop --alg sha256 --sizes 64 --no-evidence --timeout 1 --no-samples \
		--launcher "python3 $d/late.py $mode" -o "$d/$mode-ns.json" >/dev/null 2>&1
	rc=$?
	[ $rc -eq 4 ] || fail "$mode --no-samples: run exited $rc (want 4)"
	! grep -q '"partial"' "$d/$mode-ns.json" || fail "$mode --no-samples: partial samples kept"
	"$CS" report "$d/$mode-ns.json" >/dev/null || fail "$mode --no-samples: report exited $?"
done
echo ok
