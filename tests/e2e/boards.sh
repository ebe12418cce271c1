# The board table (core/common/board.c) is the one place a board lives:
# every board names a counting profile that exists, with a core; MCU boards
# (flash and RAM given) are exactly those on MCU profiles; run --help, the
# completion and --board's error list every board; and a counting file
# that records its board's clock is reported at that clock, not at today's
# table's (an old file, with none recorded, takes the table's).
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
d=$(tmpdir)

"$CS" list --boards >"$d/boards.tsv" || fail "list --boards exited $?"
head -1 "$d/boards.tsv" | grep -q "^board	profile	core	clock_mhz	flash_kib	ram_kib	about	clock_source$" ||
	fail "list --boards header: $(head -1 "$d/boards.tsv")"
n=$(($(wc -l <"$d/boards.tsv") - 1))
[ "$n" -ge 9 ] || fail "only $n boards"
"$CS" --complete boards >"$d/complete" || fail "--complete boards exited $?"
[ "$(wc -l <"$d/complete")" -eq "$n" ] || fail "--complete boards lists $(wc -l <"$d/complete") of $n"
"$CS" run --help >"$d/help"
"$CS" run --count --board no-such-board >/dev/null 2>"$d/err" && fail "an unknown board was accepted"
[ "$(wc -l <"$d/err")" -eq 1 ] || fail "unknown board: not one line: $(cat "$d/err")"
while IFS=$'\t' read -r board profile core mhz flash ram about source; do
	[ "$core" != "-" ] || fail "board $board names profile '$profile', which does not exist"
	[ "$mhz" -gt 0 ] || fail "board $board has no clock"
	[ -n "$source" ] && [ -n "$about" ] || fail "board $board: no description or clock source"
	case $core in cortex-m*) mcu=1 ;; *) mcu=0 ;; esac
	if [ $mcu = 1 ]; then
		[ "$flash" -gt 0 ] && [ "$ram" -gt 0 ] || fail "MCU board $board has no flash or RAM"
	else
		[ "$flash" = 0 ] && [ "$ram" = 0 ] || fail "board $board is no MCU but has flash/RAM"
	fi
	grep -qx "$board" "$d/complete" || fail "--complete boards lacks $board"
	tr -d '\n' <"$d/help" | tr -s ' ' | grep -q "[ :]$board[,;]\?" || fail "run --help lacks $board"
	grep -q "\b$board\b" "$d/err" || fail "the unknown-board error lacks $board"
done < <(tail -n +2 "$d/boards.tsv")

# the clock a file records is the one its report uses
a53=$root/docs/data/estimate/a53.json
cp "$a53" "$d/a53.json"
cp "$a53.blocks" "$d/a53.json.blocks"
"$CS" report "$d/a53.json" --view estimate >"$d/old.txt" 2>&1 || fail "old file: exit $?"
grep -q "core cortex-a53 at 1296 MHz" "$d/old.txt" || fail "an old file is not at the table's clock: $(head -1 "$d/old.txt")"
python3 - "$a53" "$d/new.json" <<'PY' || fail "could not write the recorded file"
import json, sys
doc = json.load(open(sys.argv[1]))
doc["counting"].update(board_name="nanopi-r2s", clock_mhz=1000, clock_source="a test", table="cortex-a53 1")
doc["counting"]["blocks"] = "new.json.blocks"
json.dump(doc, open(sys.argv[2], "w"))
PY
cp "$a53.blocks" "$d/new.json.blocks"
"$CS" report "$d/new.json" --view estimate >"$d/new.txt" 2>&1 || fail "recorded file: exit $?"
grep -q "core cortex-a53 at 1000 MHz" "$d/new.txt" || fail "the recorded clock is not used: $(head -1 "$d/new.txt")"
# the MB/s follow the clock: every estimate of the recorded file is 1000/1296 of the old one's
python3 - "$d/old.txt" "$d/new.txt" <<'PY' || fail "MB/s do not follow the recorded clock"
import sys
def rates(p):
    out = []
    for line in open(p):
        f = line.split()
        if len(f) > 9 and "/" in f[0] and f[3].isdigit():
            try:
                out.append(float(f[7]))
            except ValueError:
                pass
    return out
old, new = rates(sys.argv[1]), rates(sys.argv[2])
assert old and len(old) == len(new), (len(old), len(new))
for o, n in zip(old, new):
    assert abs(n / o - 1000 / 1296) < 0.01, (o, n)
PY
echo "ok: $n boards, one table; the recorded clock is used"
