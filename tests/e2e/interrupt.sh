# SIGINT/SIGTERM/SIGHUP: what was measured is written, exit 128 + signal.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
for sig in INT TERM HUP; do
	"$CS" run --lib noop --budget 5 --precision 0.001 --no-evidence -o "$d/$sig.json" \
		>"$d/$sig.txt" 2>&1 &
	pid=$!
	sleep 2
	kill -$sig $pid
	wait $pid
	rc=$?
	case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
	[ $rc -eq $want ] || fail "SIG$sig: exit $rc, want $want"
	"$CHECK" "$d/$sig.json" --cells 10 || fail "SIG$sig: no result file"
	grep -q '"interrupted": true' "$d/$sig.json" || fail "SIG$sig: not marked interrupted"
	grep -q '"status": "ok"' "$d/$sig.json" || fail "SIG$sig: nothing measured kept"
	ls -A "$d" | grep -q "tmp" && fail "SIG$sig: temp file left behind"
	# the cells the signal stopped are "not measured", never called wrong or crashed
	if grep -q '"interrupted before it was measured"' "$d/$sig.json"; then
		grep -q "not measured (interrupted)" "$d/$sig.txt" ||
			fail "SIG$sig: no 'not measured' message: $(tail -3 "$d/$sig.txt")"
	fi
	if grep -q "wrong, crashed" "$d/$sig.txt"; then fail "SIG$sig: unmeasured cells called wrong"; fi
done

# SIGINT while the workers start (a launcher that is slow to exec them): exit
# 130, the file marked interrupted, no worker blamed for a garbage hello it
# never sent, and nothing more started after the signal
cat >"$d/slow.sh" <<'SH'
#!/bin/sh
touch "$SLOW_MARK"
sleep 30
exec "$@"
SH
chmod +x "$d/slow.sh"
SLOW_MARK=$d/started "$CS" run --lib noop,openssl --alg sha256 --quick --no-evidence \
	--launcher "$d/slow.sh" -o "$d/start.json" >"$d/start.txt" 2>&1 &
pid=$!
for _ in $(seq 300); do [ -e "$d/started" ] && break; sleep 0.1; done
[ -e "$d/started" ] || fail "the slow launcher never ran"
sleep 0.5
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "SIGINT while workers start: exit $rc, want 130: $(tail -3 "$d/start.txt")"
grep -q garbage "$d/start.txt" && fail "SIGINT while workers start: $(grep garbage "$d/start.txt")"
python3 - "$d/start.json" <<'PY' || fail "SIGINT while workers start: the file"
import json, sys
d = json.load(open(sys.argv[1]))
assert d.get("interrupted") is True, "not marked interrupted"
for l in d["libraries"]:
    e = l.get("error", "")
    assert "garbage" not in e and "interrupted" in e, l
for c in d["cells"]:
    assert c["status"] != "timeout" and "rate" not in c, c
PY

# list: no worker could start is exit 1 (the exit status table)
"$CS" list --launcher false >"$d/list.txt" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "list --launcher false: exit $rc, want 1"
echo ok
