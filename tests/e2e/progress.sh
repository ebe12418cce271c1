# The progress line on a terminal (run under script(1) for a tty): with
# --repeat R it counts the cells of all R repetitions, never goes back at a
# new repetition, and gives no ETA before a cell is done (no "ETA 0 s").
. "$(dirname "$0")/lib.sh"
command -v script >/dev/null || skip "no script(1) to give the run a terminal"
# a root without devpts (a bare chroot) has no pseudo-terminal to give
script -qec true /dev/null >/dev/null 2>&1 || skip "script(1) cannot open a pseudo-terminal here (no /dev/pts?)"
d=$(tmpdir)
script -qec "'$CS' run --quick --lib noop --alg sha256,x25519 --sizes 16,64 --no-evidence \
	--repeat 2 -o '$d/r.json'" "$d/tty.log" >/dev/null 2>&1 || fail "run under script exited $?"
tr '\r' '\n' <"$d/tty.log" | grep -ao 'cell [0-9]* of [0-9]* done.*' >"$d/lines" ||
	fail "no progress line on the terminal"
awk '
	{ done = $2; all = $4 }
	all != 8 { print "total " all " in: " $0 " (want 4 cells x 2 repetitions = 8)"; bad = 1 }
	done < last { print "went back from " last " to " done; bad = 1 }
	done == 0 && /ETA [0-9]/ { print "an ETA before any cell is done: " $0; bad = 1 }
	{ last = done }
	END { if (last != 8) { print "ended at " last " of 8"; bad = 1 }; exit bad }
' "$d/lines" || fail "progress line"
grep -q "repetition 2 of 2" "$d/tty.log" || fail "no 'repetition 2 of 2' line"
echo "ok: $(wc -l <"$d/lines") progress lines, 0..8 of 8 over two repetitions"
