# cryptospeed import openssl-speed: the CLI around core/import (its parsing is
# tested in unit/test_import.c). $1: the fixtures folder (../shared/fixtures).
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
data=$(cd "$(dirname "$0")/../data/import" && pwd)
fixtures=${CRYPTOSPEED_FIXTURES:-${1:-}}

# every era's input imports, to a file that report reads back
for f in "$data"/*.txt; do
	"$CS" import openssl-speed "$f" -o "$d/out.json" || fail "import $(basename "$f") exited $?"
	grep -q '"schema": "cryptospeed/1"' "$d/out.json" || fail "$(basename "$f"): no schema"
	n=$(grep -c '"status": ' "$d/out.json")
	[ "$n" -gt 0 ] && [ "$(grep -c '"status": "ok"' "$d/out.json")" -eq "$n" ] ||
		fail "$(basename "$f"): $n cells, not all ok"
	"$CS" report "$d/out.json" >/dev/null || fail "report of $(basename "$f") exited $?"
done

# the forum page: three sources, -multi 4 on the second one's cells only
"$CS" import openssl-speed "$data/forum-page.txt" -o "$d/forum.json" || fail "forum page"
[ "$(grep -c '"table": 1,' "$d/forum.json")" -eq 6 ] || fail "forum: source 1 cells"
[ "$(grep -c '"multi": 4,' "$d/forum.json")" -eq 7 ] || fail "forum: 6 cells + 1 source x4"
grep -q '"label": "openssl speed (forum-page.txt:10) -multi 4"' "$d/forum.json" ||
	fail "forum: the second source's label"

# --label names the sources: L #1, L #2 -multi 4, ...
"$CS" import openssl-speed "$data/forum-page.txt" --label "board A" -o "$d/l.json" || fail "--label"
grep -q '"label": "board A #2 -multi 4"' "$d/l.json" || fail "--label: the second source"
"$CS" import openssl-speed "$data/openssl-3.x.txt" --label "board B" | grep -q '"label": "board B"' ||
	fail "--label: one source"

# no -o: the document on stdout; '-' reads stdin
"$CS" import openssl-speed - <"$data/openssl-1.1.1.txt" >"$d/stdin.json" || fail "stdin"
grep -q '"alg": "x25519"' "$d/stdin.json" || fail "stdin: no x25519 cell"
grep -q '"file": "stdin"' "$d/stdin.json" || fail "stdin: the file is named stdin"

# bad input: exit 2 and one line naming the file and the line
printf 'no table here\njust prose 12 34\n' >"$d/prose.txt"
"$CS" import openssl-speed "$d/prose.txt" -o "$d/p.json" 2>"$d/err"
[ $? -eq 2 ] || fail "prose only: want exit 2"
[ "$(wc -l <"$d/err")" -eq 1 ] || fail "prose only: want one line, got: $(cat "$d/err")"
grep -q "prose.txt:2: no openssl speed table" "$d/err" || fail "prose only: $(cat "$d/err")"
[ ! -e "$d/p.json" ] || fail "prose only: an output file was written"
printf 'type 16 bytes 64 bytes\nnot a row at all\n' >"$d/norow.txt"
"$CS" import openssl-speed "$d/norow.txt" 2>"$d/err" >/dev/null
[ $? -eq 2 ] && grep -q "norow.txt:1: a table of openssl speed with no readable row" "$d/err" ||
	fail "header without rows: $(cat "$d/err")"
printf 'type 16 bytes\nsha1 \000 1.00k\n' >"$d/nul.txt"
"$CS" import openssl-speed "$d/nul.txt" 2>"$d/err" >/dev/null
[ $? -eq 2 ] && grep -q "nul.txt:2: not text" "$d/err" || fail "NUL byte: $(cat "$d/err")"
"$CS" import openssl-speed "$d/missing.txt" 2>"$d/err" >/dev/null
[ $? -eq 2 ] && grep -q "missing.txt: cannot read" "$d/err" || fail "missing file: $(cat "$d/err")"
"$CS" import csv "$data/openssl-3.x.txt" 2>"$d/err" >/dev/null
[ $? -eq 2 ] && grep -q "unknown format 'csv' (accepted: openssl-speed)" "$d/err" ||
	fail "unknown format: $(cat "$d/err")"
"$CS" import openssl-speed "$data/openssl-3.x.txt" -o "$d/no/such/dir/x.json" 2>/dev/null
[ $? -eq 2 ] || fail "unwritable -o: want exit 2"

# 1 MB pages, timed (printed, not asserted): a forum page (prose, markup and
# a table every ~100 KB) and the worst case (nothing but tables)
timed() {
	local TIMEFORMAT="%R s wall, %U s user, %S s sys"
	{ time "$CS" import openssl-speed "$1" -o "$1.json" 2>/dev/null; } 2>&1
}
: >"$d/forum.txt"
: >"$d/tables.txt"
while [ "$(wc -c <"$d/forum.txt")" -lt 1048576 ]; do
	for i in $(seq 1 400); do
		echo "<div class=\"post\"><p>Reply $i: the board runs fine, but which TLS library is" \
			"fastest for ChaCha20-Poly1305 on it? I tried 3 builds, see below.</p></div>"
	done >>"$d/forum.txt"
	cat "$data/openssl-1.1.1.txt" >>"$d/forum.txt"
done
while [ "$(wc -c <"$d/tables.txt")" -lt 1048576 ]; do
	for f in "$data"/*.txt; do
		echo "Posted by someone, who ran it with the defaults:" >>"$d/tables.txt"
		cat "$f" >>"$d/tables.txt"
	done
done
for page in forum tables; do
	t=$(timed "$d/$page.txt") || fail "1 MB $page page: $t"
	echo "import of a $(wc -c <"$d/$page.txt")-byte $page page:" \
		"$(grep -c '"status": "ok"' "$d/$page.txt.json") cells, $t"
done

# the real pasted tables, when the fixtures are there
if [ -n "$fixtures" ] && [ -r "$fixtures/openssl-speed/nanopi-r2s-openwrt.txt" ]; then
	"$CS" import openssl-speed "$fixtures/openssl-speed/nanopi-r2s-openwrt.txt" -o "$d/r2s.json" ||
		fail "R2S fixture exited $?"
	[ "$(grep -c '"status": "ok"' "$d/r2s.json")" -eq 36 ] || fail "R2S: want 36 ok cells"
	"$CS" report "$d/r2s.json" | grep -q "chacha20-poly1305 seal" || fail "R2S: report"
	"$CS" import openssl-speed "$fixtures/openssl-speed/rpi3-and-core2-openssl-1.0.1.txt" \
		-o "$d/rpi.json" || fail "RPi fixture exited $?"
	grep -q '"version": "OpenSSL 1.0.1f 6 Jan 2014"' "$d/rpi.json" || fail "RPi: 2nd source"
	# the acceptance: the board's AES-GCM rows ranked beside this machine's
	"$CS" run --quick --lib noop --alg aes-128-gcm --sizes 16,16384 --no-evidence \
		-o "$d/here.json" >/dev/null || fail "noop run exited $?"
	"$CS" report "$d/r2s.json" "$d/here.json" --view rank >"$d/rank.txt" 2>/dev/null ||
		fail "report --view rank exited $?"
	awk '/^aes-128-gcm seal/ {on = 1} on && /^$/ {exit} on' "$d/rank.txt" >"$d/gcm.txt"
	for row in '\[1\] openssl/evp ' '\[2\] openssl/evp x4' '\[3\] noop/noop'; do
		grep -q "$row" "$d/gcm.txt" || fail "rank: no '$row' row under aes-128-gcm seal"
	done
else
	echo "fixtures not found: their part skipped"
fi
# a post of several machines: each table is labelled by the Board / CPU :
# / model name lines above it, not only by its OpenSSL version
"$CS" import openssl-speed "$data/three-machines-post.txt" -o "$d/three.json" ||
	fail "import of a three-machine post"
python3 - "$d/three.json" <<'PY' || fail "three-machine post: machine labels (above)"
import json, sys
s = json.load(open(sys.argv[1]))["sources"]
want = ["Raspberry Pi 4 Model B (Cortex-A72 @ 1.5GHz)", "Rock 5B (Cortex-A76 @ 2.4GHz)",
        "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz"]
got = [x.get("machine") for x in s]
print(got)
sys.exit(0 if got == want and all(w in x["label"] for w, x in zip(want, s)) else 1)
PY
echo ok
