# docs/estimates.md's validation table: every row's estimate (cycles/B of
# the pipeline model on the committed counting file) and its ratio to the
# published figure are what report --view estimate prints now; two runs of
# the same files print byte-identical estimates.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
d=$(tmpdir)
cd "$root" || fail "cd $root"
for f in a53 a72 rpi3 a57 a57-nocrypto; do
	board=
	[ "$f" = a72 ] && board="--board rpi4"
	[ "$f" = a57-nocrypto ] && board="--board jetson-nano"
	# shellcheck disable=SC2086
	"$CS" report "docs/data/estimate/$f.json" --view estimate $board >"$d/$f.txt" 2>"$d/err" ||
		fail "$f: exit $?: $(cat "$d/err")"
	# shellcheck disable=SC2086
	"$CS" report "docs/data/estimate/$f.json" --view estimate $board >"$d/$f.2.txt" 2>&1
	cmp -s "$d/$f.txt" "$d/$f.2.txt" || fail "$f: two estimates differ"
done
python3 - "$d" docs/estimates.md <<'PY' || fail "validation table"
import sys
d, doc = sys.argv[1], sys.argv[2]
text = open(doc).read()
table = text[text.index("<!-- validation -->"):text.index("<!-- end of validation -->")]
rows = [l for l in table.splitlines() if l.startswith("| cortex-")]
assert len(rows) >= 15, len(rows)
assert sum(1 for r in rows if r.startswith("| cortex-a57 ")) >= 7, "the A57 rows"
est = {}
for f in ("a53", "a72", "rpi3", "a57", "a57-nocrypto"):
    for line in open("%s/%s.txt" % (d, f)):
        w = line.split()
        if len(w) > 6 and w[0].startswith("openssl/"):
            est[(f, " ".join(w[:4]))] = w[6]
for r in rows:
    c = [x.strip() for x in r.strip("|").split("|")]
    core, f, cell, pub, mine, ratio = c[0], c[1], c[3 - 1], float(c[4]), c[5], c[6]
    got = est.get((f, cell))
    assert got is not None, ("no estimate printed", f, cell)
    assert got == mine, (f, cell, "doc", mine, "printed", got)
    assert "%.2f" % (float(got) / pub) == ratio, (f, cell, ratio, float(got) / pub)
    assert c[7] in ("fitted", "held out"), c[7]
print("ok: %d rows" % len(rows))
PY
echo "ok: the validation table is what the committed counting files give"
