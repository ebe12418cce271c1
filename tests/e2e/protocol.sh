# A worker that breaks the protocol costs its cells, never the run: another
# protocol version is refused with one line naming both versions and the
# worker; a hello with a number among its paths is refused; sample replies
# with batch 0 or -1, no ns or ns 0, or another cell's id end that cell
# `error` (the decoder's message) while the other cells are measured; samples
# that never settle the cell (tiny) end it `error` after a bounded number of
# visits.
. "$(dirname "$0")/lib.sh"
mode=$1
command -v python3 >/dev/null || skip "no python3 for the fake worker"
d=$(tmpdir)
mkdir -p "$d/w"
fake=$d/w/cryptospeed-worker-fake
printf '#!/bin/sh\nexec python3 %s "$@"\n' "$(cd "$(dirname "$0")" && pwd)/fake_worker.py" >"$fake"
chmod +x "$fake"
export CRYPTOSPEED_WORKER_PATH=$d/w FAKE_MODE=$mode FAKE_REAL=$CS_BIN/cryptospeed-worker-noop
run() {
	timeout 120 "$CS" run --quick --lib fake --alg sha1,sha256 --sizes 16,64 --timeout 5 \
		--no-evidence -o "$d/r.json" >"$d/out.txt" 2>"$d/err.txt"
}
case $mode in
version | paths-number)
	run
	rc=$?
	cat "$d/err.txt"
	[ $rc -lt 124 ] || fail "run exited $rc (crash or hang)"
	[ $rc -eq 1 ] || fail "run exited $rc (want 1: no worker could start)"
	if [ "$mode" = version ]; then
		want="cryptospeed: fake: '$fake' speaks protocol 99, this cryptospeed speaks protocol 1: rebuild one of them"
	else
		want="cryptospeed: fake: '$fake' broke the protocol: hello: paths[0]: must be a name of 1..47 letters, digits or . _ - @ +"
	fi
	grep -qxF "$want" "$d/err.txt" || fail "no line: $want"
	[ "$(grep -c . "$d/err.txt")" -eq 1 ] || fail "more than one line on stderr"
	# nothing measured, and the file says why
	grep -q '"status": "ok"' "$d/r.json" && fail "a cell of a refused worker ran"
	grep -qF "speaks protocol 99" "$d/r.json" || [ "$mode" != version ] ||
		fail "the result file does not say why"
	;;
batch0 | batch-neg | ns-empty | ns-zero | wrong-id | tiny)
	start=$(date +%s)
	run
	rc=$?
	took=$(($(date +%s) - start))
	cat "$d/out.txt"
	[ $rc -lt 124 ] || fail "run exited $rc (crash or hang)"
	[ $took -le 60 ] || fail "run took $took s"
	"$CHECK" "$d/r.json" --status sha256=error --others ok --min-samples 10 --cells 4 ||
		fail "cells not marked as expected"
	case $mode in
	batch0 | batch-neg) why="sample reply: batch: must be an integer >= 1" ;;
	ns-empty) why="sample reply: ns: must hold at least one batch with status ok (but in a window)" ;;
	ns-zero) why="sample reply: ns\\[0\\]: must be an integer >= 1" ;;
	wrong-id) why="sample reply: id: [0-9]*, expected [0-9]*" ;;
	tiny) why="" ;;
	esac
	why="fake broke the protocol: $why"
	[ $mode = tiny ] && why="no usable result after 2000 visits: its batches last far less than the 250000 ns asked for"
	n=$(grep -c "\"detail\": \"$why\"" "$d/r.json")
	[ "$n" -eq 2 ] || fail "$n sha256 cells say '$why' (want 2)"
	;;
*) fail "unknown mode $mode" ;;
esac
echo ok
