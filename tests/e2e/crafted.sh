# Crafted result files never crash `report` or `compare`: each is refused
# with exit 2 and one line naming the file and the first bad place, or (an
# algorithm this build does not know, 20,000 cells) reported correctly.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)

# a valid file with one cell: CELL is replaced by each case's cell
head='{"schema":"cryptospeed/1","tool":{"version":"9.9"},"host":{"hostname":"h","cpu":{"arch":"x86_64","model":"M","cpus":2}},'
libs='"libraries":[{"name":"fake","version":"1.0"}]'
ok_cell='{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1e9,"unit":"B/s"}}'
doc() { printf '%s%s,"cells":[%s]}\n' "$head" "${2:-$libs}" "$1"; }

# refused NAME EXPECTED-MESSAGE (the file is $d/NAME.json): every command exits 2 with that line
refused() {
	local f="$d/$1.json" want="$2" args
	for args in "report $f" "report $f --format csv" "report $f --format openssl" \
		"report $f --format json" "compare $f $f" "compare $d/ok.json $f"; do
		# shellcheck disable=SC2086
		"$CS" $args >"$d/out" 2>"$d/err"
		rc=$?
		[ $rc -eq 2 ] || fail "$1: '$args' exited $rc, want 2 ($(head -c 300 "$d/err"))"
		[ "$(wc -l <"$d/err")" -eq 1 ] || fail "$1: want one line, got: $(cat "$d/err")"
		grep -qF -- "$f: $want" "$d/err" || fail "$1: want '$f: $want', got: $(cat "$d/err")"
	done
}

doc "$ok_cell" >"$d/ok.json"
"$CS" report "$d/ok.json" >/dev/null || fail "the valid base file is refused: $("$CS" report "$d/ok.json" 2>&1)"

doc "$ok_cell" '"libraries":[{"version":"1.0"}]' >"$d/noname.json"
refused noname "libraries[0].name: missing"
doc '{"path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1,"unit":"B/s"}}' >"$d/nolib.json"
refused nolib "cells[0].lib: missing"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok"}' >"$d/norate.json"
refused norate "cells[0].rate: missing"
doc "$ok_cell,"'{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":64,"status":"ok","rate":{"unit":"B/s"}}' >"$d/nomedian.json"
refused nomedian "cells[1].rate.median: missing"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1,"uniit":"B/s"}}' >"$d/nounit.json"
refused nounit "cells[0].rate.unit: missing"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":"16","status":"ok","rate":{"median":1,"unit":"B/s"}}' >"$d/sizestr.json"
refused sizestr "cells[0].size: a string, not an integer"
doc '{"lib":5,"path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1,"unit":"B/s"}}' >"$d/libnum.json"
refused libnum "cells[0].lib: an integer, not a string"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1,"unit":"B/s"},"samples":[1,"x"]}' >"$d/samplestr.json"
refused samplestr "cells[0].samples[1]: a string, not a number"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":-3,"unit":"B/s"}}' >"$d/negative.json"
refused negative "cells[0].rate.median: -3 is out of range"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"fast"}' >"$d/status.json"
refused status "cells[0].status: 'fast' is not known (accepted: ok, wrong, unsupported, crashed, timeout, error)"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"wrong","rate":{"median":1,"unit":"B/s"}}' >"$d/wrongrate.json"
refused wrongrate "cells[0].rate: present on a cell whose status is 'wrong'"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1,"unit":"B/s"},"evidence":{"available":true,"classes":{"aes-ni":"most"}}}' >"$d/share.json"
refused share "cells[0].evidence.classes.aes-ni: a string, not a number"
long=$(printf 'x%.0s' $(seq 200))
doc '{"lib":"'"$long"'","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1,"unit":"B/s"}}' >"$d/long.json"
refused long "cells[0].lib: 200 bytes long (at most 128)"
printf '%s"cells":{}}\n' "$head" >"$d/cellsobj.json"
refused cellsobj "cells: an object, not an array"
printf '%s"cells":[%s, 7]}\n' "$head" "$ok_cell" >"$d/cellnum.json"
refused cellnum "cells[1]: an integer, not an object"
echo '[1, 2]' >"$d/array.json"
refused array "an array, not a cryptospeed/1 result object"
echo '{"schema":"cryptospeed/2","cells":[]}' >"$d/schema.json"
refused schema "schema: 'cryptospeed/2' (accepted: cryptospeed/1)"
printf '%s%s,"cells":[{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":NaN,"unit":"B/s"}}]}\n' "$head" "$libs" >"$d/nan.json"
refused nan "line 1: not JSON: invalid token near 'NaN'"
printf '%s%s,"cells":[{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":Infinity,"unit":"B/s"}}]}\n' "$head" "$libs" >"$d/inf.json"
refused inf "line 1: not JSON: invalid token near 'Infinity'"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1e999,"unit":"B/s"}}' >"$d/overflow.json"
refused overflow "line 1: not JSON: real number overflow"
# nesting: 40 levels inside a cell (past our bound), and 100,000 (past the parser's)
nest=$(printf '[%.0s' $(seq 40))1$(printf ']%.0s' $(seq 40))
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1,"unit":"B/s"},"extra":'"$nest"'}' >"$d/deep.json"
refused deep "nested deeper than 16 levels"
head -c 100000 /dev/zero | tr '\0' '[' >"$d/deeper.json"
refused deeper "line 1: not JSON: maximum parsing depth reached"
printf 'OpenSSL 1.1.1k  25 Mar 2021\nThe '"'"'numbers'"'"' are in 1000s of bytes per second processed.\n' >"$d/table.txt"
"$CS" report "$d/table.txt" 2>"$d/err"
[ $? -eq 2 ] && grep -q "$d/table.txt: line 1: not JSON: .* (a table printed by openssl speed? cryptospeed import openssl-speed FILE -o FILE.json reads it)" "$d/err" ||
	fail "a text table: $(cat "$d/err")"
: >"$d/empty.json"
refused empty "line 1: not JSON"
printf '%s%s,"sources":[{"label":"t"}],"cells":[{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1,"unit":"B/s"},"table":1}]}\n' "$head" "$libs" >"$d/table.json"
refused table "cells[0].table: 1 is out of range (accepted: 0 to 0)"
doc '{"lib":"fake","path":"p","alg":"sha256","op":"digest","size":16,"status":"ok","rate":{"median":1,"unit":"B/s"},"source":"imported","file":"x.txt","line":3,"samples":[1]}' >"$d/impsamples.json"
refused impsamples "cells[0].samples: present on an imported cell"

# an algorithm and an op this build does not know: shown, with its numbers
doc "$ok_cell"',{"lib":"fake","path":"p","alg":"sha3-999","op":"squeeze","size":64,"status":"ok","rate":{"median":2.5e9,"unit":"B/s"}}' >"$d/newalg.json"
"$CS" report "$d/newalg.json" >"$d/out" 2>"$d/err" || fail "unknown algorithm: exit $? ($(cat "$d/err"))"
grep -q "^sha3-999 squeeze" "$d/out" || fail "unknown algorithm: no block: $(cat "$d/out")"
grep -Eq "^fake/p +2500" "$d/out" || fail "unknown algorithm: its 2500 MB/s not shown: $(cat "$d/out")"
# catalogue order first: the known sha256 block comes before it
[ "$(grep -n '^sha256 digest' "$d/out" | cut -d: -f1)" -lt "$(grep -n '^sha3-999' "$d/out" | cut -d: -f1)" ] ||
	fail "unknown algorithm shown before the catalogue's"
"$CS" report "$d/newalg.json" --format openssl | grep -Eq "^sha3-999 squeeze +— +2500000\.00k$" ||
	fail "openssl format: unknown algorithm missing"
[ "$("$CS" report "$d/newalg.json" --format csv | grep -c sha3-999)" -eq 1 ] || fail "csv: unknown algorithm"

# 20,000 cells: 100 libs x 20 algorithms x 10 sizes, every one reported and compared
big="$d/big.json"
{
	printf '%s%s,"cells":[' "$head" "$libs"
	for ((i = 0; i < 20000; i++)); do
		((i)) && printf ','
		printf '{"lib":"l%d","path":"p","alg":"a%d","op":"digest","size":%d,"status":"ok","rate":{"median":%d,"unit":"B/s"},"samples":[1,2,3]}' \
			$((i % 100)) $((i / 100 % 20)) $((i / 2000 * 16 + 16)) $((i + 1000))
	done
	printf ']}\n'
} >"$big"
TIMEFORMAT="%R s wall, %U s user"
{ time "$CS" compare "$big" "$big" >"$d/cmp"; } 2>"$d/t.cmp" || fail "compare of 20,000 cells exited $?"
grep -q "^20000 cells compared;" "$d/cmp" && grep -q "^slower (0)" "$d/cmp" &&
	grep -q "^verdict: ok (exit 0)" "$d/cmp" || fail "compare: $(tail -2 "$d/cmp")"
{ time "$CS" report "$big" --format openssl >"$d/big.ossl"; } 2>"$d/t.ossl" || fail "openssl of 20,000 cells"
# a section per lib (100), a row per alg in each (2000), all 10 sizes: nothing cut off
[ "$(grep -c '^l[0-9]*/p  ' "$d/big.ossl")" -eq 100 ] || fail "openssl: sections cut"
[ "$(grep -Ec '^a[0-9]+( +[0-9.]+k?){10} ?$' "$d/big.ossl")" -eq 2000 ] || fail "openssl: rows or sizes cut"
# the last cell of the file is where it belongs: l99 a19 at 160 bytes = 20999 B/s
"$CS" report "$big" --format openssl-mr | grep -A21 '^# l99/p ' | grep -q '^+F:19:a19:.*:20999\.00$' ||
	fail "openssl-mr: last cell misplaced"
"$CS" report "$big" >"$d/big.txt" || fail "text of 20,000 cells"
[ "$(grep -c '^l[0-9]*/p ' "$d/big.txt")" -eq 2000 ] || fail "text: rows cut"
[ "$("$CS" report "$big" --format csv | wc -l)" -eq 20001 ] || fail "csv: cells cut"
echo "20,000 cells: compare $(cat "$d/t.cmp"); openssl report $(cat "$d/t.ossl")"
echo ok
