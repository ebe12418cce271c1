# docs/evp-sha256.md's count block is what the command printed beside it
# gives from the committed counting files (docs/data/evp-sha256-count-*).
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
d=$(tmpdir)
cd "$root" || fail "cd $root"
doc=docs/evp-sha256.md
grep -q "cryptospeed report docs/data/evp-sha256-count-a53.json docs/data/evp-sha256-count-a53-nocrypto.json" "$doc" ||
	fail "$doc prints no report command for its count files"
"$CS" report docs/data/evp-sha256-count-a53.json docs/data/evp-sha256-count-a53-nocrypto.json >"$d/got" 2>"$d/err" ||
	fail "report exited $?: $(cat "$d/err")"
n=0
while IFS= read -r line; do
	[ -n "$line" ] || continue
	grep -qxF -- "$line" "$doc" || fail "$doc lacks the line: $line"
	n=$((n + 1))
done <"$d/got"
[ "$n" -ge 10 ] || fail "only $n lines printed"
# the claim beside it: 56 armv8-sha2 instructions per op on every path
python3 - <<'PY' || fail "56 armv8-sha2 per op"
import json
for f, want in (("docs/data/evp-sha256-count-a53.json", 56), ("docs/data/evp-sha256-count-a53-nocrypto.json", 0)):
    d = json.load(open(f))
    for c in d["cells"]:
        if c["lib"] == "openssl" and "count" in c:
            got = c["count"]["classes_per_op"].get("armv8-sha2", 0)
            assert got == want, (f, c["path"], got)
print("ok")
PY
echo "ok: docs/evp-sha256.md's count block is its command's output"
