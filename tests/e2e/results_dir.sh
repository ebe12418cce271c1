# results/README.md and README.md's findings are what results/regenerate.sh (make results) makes of the
# committed result files, byte for byte; and every file there loads.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
[ -f "$src/results/README.md" ] || skip "no results/README.md yet"
d=$(tmpdir)
for f in "$src"/results/measured/*.json "$src"/results/imported/*.json; do
	"$CS" report "$f" --format csv >/dev/null || fail "$f does not load"
done
bash "$src/results/regenerate.sh" "$CS" "$d/README.md" "$d/top-README.md" ||
	fail "regenerate.sh exited $?"
# the project README's findings are make results' output too, never edited by hand
diff -u "$src/README.md" "$d/top-README.md" >"$d/diff" ||
	{ head -40 "$d/diff"; fail "README.md's findings differ from what make results writes (above)"; }
grep -q "^- \*\*AES-128-GCM seal at 8192 B" "$d/top-README.md" || fail "no findings in README.md"
diff -u "$src/results/README.md" "$d/README.md" >"$d/diff" ||
	{ head -40 "$d/diff"; fail "results/README.md differs from what make results makes (above)"; }
grep -q "^## Ranking" "$d/README.md" || fail "no ranking in the page"
echo ok
