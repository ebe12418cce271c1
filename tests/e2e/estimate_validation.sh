# docs/estimates.md's validation table: every row's estimate (the pipeline
# model's cycles per byte out of a large buffer: the cycles per op at 16384
# bytes minus those at 8192, over 8192, on the committed counting file) and
# its ratio to the published figure are what report --view estimate prints
# now; each core table's `error` record is the worst held-out ratio of the
# table (rounded up to 0.01; a core with no held-out row takes the worst of
# the others); two runs of the same files print byte-identical estimates.
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
python3 - "$d" docs/estimates.md data/costs <<'PY' || fail "validation table"
import math, sys
d, doc, costs = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(doc).read()
table = text[text.index("<!-- validation -->"):text.index("<!-- end of validation -->")]
rows = [l for l in table.splitlines() if l.startswith("| cortex-")]
assert len(rows) >= 15, len(rows)
assert sum(1 for r in rows if r.startswith("| cortex-a57 ")) >= 7, "the A57 rows"
cyc = {}
for f in ("a53", "a72", "rpi3", "a57", "a57-nocrypto"):
    for line in open("%s/%s.txt" % (d, f)):
        w = line.split()
        if len(w) > 6 and w[0].startswith("openssl/"):
            cyc[(f, " ".join(w[:3]), int(w[3]))] = float(w[5])
worst = {}
for r in rows:
    c = [x.strip() for x in r.strip("|").split("|")]
    core, f, cell, pub, mine, ratio, fit = c[0], c[1], c[2], float(c[4]), c[5], c[6], c[7]
    a, b = cyc.get((f, cell, 8192)), cyc.get((f, cell, 16384))
    assert a is not None and b is not None, ("no estimate printed at 8192 and 16384", f, cell)
    m = (b - a) / 8192
    assert "%.2f" % m == mine, (f, cell, "doc", mine, "printed", "%.2f" % m)
    assert "%.2f" % (m / pub) == ratio, (f, cell, ratio, m / pub)
    assert fit in ("fitted", "held out"), fit
    worst.setdefault(core, 0)
    if fit == "held out":
        worst[core] = max(worst[core], m / pub, pub / m)
def error_of(core):
    for line in open("%s/%s.pipe.tsv" % (costs, core)):
        w = line.rstrip("\n").split("\t")
        if w[0] == "error":
            return w[1]
    raise AssertionError("%s.pipe.tsv has no error record" % core)
validated = [k for k, v in worst.items() if v > 0]
for core in worst:
    want = math.ceil(worst[core] * 100 - 1e-9) / 100 if worst[core] > 0 else \
        max(math.ceil(worst[k] * 100 - 1e-9) / 100 for k in validated)
    assert error_of(core) == "%.2f" % want, (core, "error", error_of(core), "want", "%.2f" % want)
print("ok: %d rows; errors %s" % (len(rows), {k: error_of(k) for k in worst}))
PY
echo "ok: the validation table is what the committed counting files give"
