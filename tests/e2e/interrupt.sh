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
echo ok
