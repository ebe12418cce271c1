# Every report --view x --format pair: it prints that view in that format
# (a content check per pair) or exits 2 with one line naming the pair;
# never a silent fallback to another view.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
m=$root/results/measured/vm-xeon-x86_64.json
d=$(tmpdir)
# view format pattern (a fixed string the output must hold), or "refused";
# "counted PATTERN": the view needs a counting file (docs/data/estimate);
# "mcu PATTERN": an MCU board's counting run (docs/data/mcu-stm32f407.json)
while read -r view fmt want; do
	file=$m
	case $want in
	counted\ *) file=$root/docs/data/estimate/a53.json want=${want#counted } ;;
	mcu\ *) file=$root/docs/data/mcu-stm32f407.json want=${want#mcu } ;;
	esac
	"$CS" report "$file" --view "$view" --format "$fmt" >"$d/out" 2>"$d/err"
	rc=$?
	if [ "$want" = refused ]; then
		[ $rc -eq 2 ] || fail "$view x $fmt: exit $rc, want 2"
		[ "$(wc -l <"$d/err")" -eq 1 ] || fail "$view x $fmt: not one line: $(cat "$d/err")"
		grep -q "^cryptospeed: --view $view --format $fmt: not available (format $fmt prints: " "$d/err" ||
			fail "$view x $fmt: message $(cat "$d/err")"
		[ -s "$d/out" ] && fail "$view x $fmt: printed something on stdout"
		continue
	fi
	[ $rc -eq 0 ] || fail "$view x $fmt: exit $rc: $(head -2 "$d/err")"
	grep -qF -- "$want" "$d/out" || fail "$view x $fmt: no '$want' in $(head -c 300 "$d/out")"
	echo "$view $fmt" >>"$d/worked"
done <<'PAIRS'
matrix text aes-128-gcm seal  (MB/s
matrix json "schema": "cryptospeed/1"
matrix csv lib,lib_version,path,mask,alg,op,size,status
matrix openssl type
matrix openssl-mr +H:
matrix markdown ### aes-128-gcm seal (MB/s)
matrix html <h2 id="matrix">Matrix</h2>
matrix bmf "mb-per-second"
matrix gbench "benchmarks"
rank text   size        #  lib/path
rank json "schema": "cryptospeed-rank/1"
rank csv alg,op,size,ranking,place,tie,lib_path,rate_unit,rate_median,vs_best,unranked,hw
rank openssl refused
rank openssl-mr refused
rank markdown | size | # | lib/path | MB/s | vs best | hw |
rank html <title>cryptospeed ranking</title>
rank bmf refused
rank gbench refused
handshake text The cryptography of one TLS 1.3 full handshake
handshake json refused
handshake csv refused
handshake openssl refused
handshake openssl-mr refused
handshake markdown refused
handshake html refused
handshake bmf refused
handshake gbench refused
evidence text alg op  lib/path  size  MB/s or op/s  samples
evidence json refused
evidence csv alg op,lib/path,size,MB/s or op/s,samples
evidence openssl refused
evidence openssl-mr refused
evidence markdown | alg op | lib/path | size | MB/s or op/s | samples |
evidence html <table class="evidence">
evidence bmf refused
evidence gbench refused
tls text TLS cells
tls json refused
tls csv refused
tls openssl refused
tls openssl-mr refused
tls markdown refused
tls html refused
tls bmf refused
tls gbench refused
tls-grid text no TLS grid cells
tls-grid json refused
tls-grid csv refused
tls-grid openssl refused
tls-grid openssl-mr refused
tls-grid markdown ## TLS client x server grid
tls-grid html <title>cryptospeed TLS grid</title>
tls-grid bmf refused
tls-grid gbench refused
estimate json counted "cycles_per_byte": 
estimate csv counted lib,path,alg,op,size,profile,core,model,cycles_per_op,cycles_per_byte,mb_s,clock_mhz
estimate openssl refused
estimate openssl-mr refused
estimate markdown counted | lib | path | alg | op | size | profile | core | model |
estimate html counted <th>cycles_per_byte</th>
estimate bmf refused
estimate gbench refused
fleet text fleet: 1 board
fleet json refused
fleet csv refused
fleet openssl refused
fleet openssl-mr refused
fleet markdown ## Fleet: 1 board
fleet html refused
fleet bmf refused
fleet gbench refused
mcu text mcu On STM32F407-class Cortex-M4F at 168 MHz: sha256 digest 1024 B: fastest of
mcu json refused
mcu csv mcu board,lib/path,alg,op,size,status,cycles/op,cycles/B,us/op,stack B,heap B
mcu openssl refused
mcu openssl-mr refused
mcu markdown mcu | board | lib/path | alg | op | size | status | cycles/op |
mcu html mcu <title>cryptospeed: MCU boards</title>
mcu bmf refused
mcu gbench refused
PAIRS
# estimate text needs a counting run (this file has none: exit 2, one line);
# tests/e2e/estimate.sh prints it
# every view and format the program names was tried above
views=$("$CS" report --help | sed -n 's/.*--view \([a-z|]*\).*/\1/p' | tr '|' ' ')
fmts=$("$CS" report --help | sed -n 's/.*--format \([a-z|-]*\).*/\1/p' | tr '|' ' ')
for v in $views; do for f in $fmts; do
	grep -q "^$v $f\$" "$d/worked" || "$CS" report "$m" --view "$v" --format "$f" >/dev/null 2>&1
	rc=$?
	grep -q "^$v $f\$" "$d/worked" || [ $rc -eq 2 ] || fail "pair $v x $f not in the table above"
done; done
# content, not just the header: the rank view's rows differ from the matrix
"$CS" report "$m" --view rank --format html >"$d/rank.html"
"$CS" report "$m" --view matrix --format html >"$d/matrix.html"
cmp -s "$d/rank.html" "$d/matrix.html" && fail "rank html is the matrix page"
grep -q '<h2 id="charts">' "$d/rank.html" && fail "rank html holds the charts"
"$CS" report "$m" --view rank --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
b = [b for b in d["blocks"] if b["alg"] == "sha256"][0]
r = [r for r in b["rows"] if r["size"] == 16 and r["place"]]
assert r[0]["vs_best"] == 1 and r[0]["place"] == 1, r[0]
assert all(x["vs_best"] >= 1 for x in r), r
' || fail "rank json: sha256 16 B rows"
# evidence: sha-ni share of openssl/evp sha256 at the evidence size, as in the file
want=$(python3 -c '
import json
d = json.load(open("'"$m"'"))
for c in d["cells"]:
    if c["lib"] == "openssl" and c["path"] == "evp" and c["alg"] == "sha256" and "evidence" in c and c.get("mask", "none") == "none":
        print("%d %.0f" % (c["evidence"]["size"], 100 * c["evidence"]["classes"]["sha-ni"]))
        break')
"$CS" report "$m" --view evidence --format csv >"$d/ev.csv"
col=$(head -1 "$d/ev.csv" | tr ',' '\n' | grep -nx "sha-ni %" | cut -d: -f1)
got=$(awk -F, -v c="$col" '$1 == "sha256 digest" && $2 == "openssl/evp" { print $3, $c }' "$d/ev.csv")
[ -n "$col" ] || fail "evidence csv: no sha-ni column"
[ "$got" = "$want" ] || fail "evidence csv: openssl/evp sha256 '$got', file says '$want'"
echo "ok: $(wc -l <"$d/worked") pairs print their view, the others exit 2 with one line"
# docs/evp-sha256.md's evidence table is what the command printed in it gives
doc=$root/docs/evp-sha256.md
cmdline=$(grep -m1 "cryptospeed report docs/data/evp-sha256-16.json --view evidence" "$doc") ||
	fail "docs/evp-sha256.md prints no report --view evidence command"
(cd "$root" && "$CS" report docs/data/evp-sha256-16.json --view evidence --format markdown) |
	grep '^|' >"$d/doc.want"
awk -v c="$cmdline" '$0 == c { on = 1; next } on && /^\|/ { print; seen = 1; next } on && seen { exit }' \
	"$doc" >"$d/doc.got"
[ -s "$d/doc.want" ] || fail "the command printed no table"
diff "$d/doc.want" "$d/doc.got" >/dev/null ||
	fail "docs/evp-sha256.md's table differs from '$cmdline': $(diff "$d/doc.want" "$d/doc.got" | head -5)"
echo "ok: docs/evp-sha256.md's table is its command's output"
