# report -o FILE: the same bytes as standard output, written whole (as run
# -o): a path it may not write is refused before anything, exit 2, and a
# report that fails leaves the previous file as it was. README's --view list
# names every view report knows. $1: the source tree.
. "$(dirname "$0")/lib.sh"
src=${1:?source tree}
d=$(tmpdir)
res=$src/results/measured/vm-xeon-x86_64.json
[ -f "$res" ] || skip "no committed default run ($res)"
for fmt in text html markdown csv openssl; do
	"$CS" report "$res" --format $fmt >"$d/stdout.$fmt" || fail "report --format $fmt"
	"$CS" report "$res" --format $fmt -o "$d/out.$fmt" >"$d/o.stdout" || fail "report -o ($fmt)"
	[ ! -s "$d/o.stdout" ] || fail "report -o also wrote to standard output ($fmt)"
	cmp -s "$d/stdout.$fmt" "$d/out.$fmt" || fail "report -o $fmt differs from standard output"
done
"$CS" report "$res" --view rank --output "$d/rank.txt" || fail "report --output"
"$CS" report "$res" --view rank | cmp -s - "$d/rank.txt" || fail "--output differs"
# refused before anything: a directory
"$CS" report "$res" -o "$d" 2>"$d/err" >/dev/null
[ $? -eq 2 ] || fail "report -o DIR: want exit 2"
grep -q -- "-o" "$d/err" || fail "the refusal does not name -o: $(cat "$d/err")"
# a report that fails (a bad input file) leaves the previous output untouched
echo '{"schema": "nope"}' >"$d/bad.json"
cp "$d/out.text" "$d/keep.txt"
"$CS" report "$d/bad.json" -o "$d/keep.txt" 2>/dev/null >/dev/null
[ $? -eq 2 ] || fail "bad input: want exit 2"
cmp -s "$d/keep.txt" "$d/out.text" || fail "a failed report changed the -o file"
ls "$d" | grep -q '^\.\?keep.txt.\+' && fail "a temporary file was left: $(ls -a "$d")"
# the text report's first 40 lines answer the questions, in lines under 120 characters
"$CS" report "$res" | head -40 >"$d/first40"
long=$(awk 'length >= 120' "$d/first40")
[ -z "$long" ] || fail "lines of 120 characters or more in the first 40: $long"
for q in "TLS handshake" "AES-128-GCM <= 256 B" "AES-128-GCM >= 1 KiB" "ChaCha20-Poly1305 <= 256 B" \
	"SHA-256 >= 1 KiB" "X25519" "ECDSA P-256" "RSA-2048"; do
	grep -q "^  $q " "$d/first40" || fail "no answer for '$q' in the first 40 lines"
done
# README's view list: every view report knows
views=$("$CS" report --help | sed -n 's/.*\[--view \([a-z|-]*\)\].*/\1/p' | head -1)
[ -n "$views" ] || fail "no view list in report --help"
for v in ${views//|/ }; do
	grep -q -- "--view [a-z|-]*\b$v\b" "$src/README.md" || fail "README's --view list lacks $v"
done
echo "ok"
