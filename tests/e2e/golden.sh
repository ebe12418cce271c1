# Every report, compare and history output over the shipped results/ files,
# checked against tests/data/golden/outputs.sha256 (recorded with the build
# before the result file became one typed model): a refactor of the result
# file's reader or writer must leave every byte of every output as it was.
#   bash tests/e2e/golden.sh            check (CTest runs it so)
#   CS_GOLDEN_RECORD=1 bash ...         rewrite the manifest (after a wanted change)
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
manifest=$root/tests/data/golden/outputs.sha256
d=$(tmpdir)
cd "$root" || fail "no source tree"
m=results/measured/vm-xeon-x86_64.json
i1=results/imported/nanopi-r2s-openwrt.json
i2=results/imported/rpi3-and-core2-openssl-1.0.1.json
out() { # name, command...: the output and exit status of one command
	local name=$1
	shift
	"$@" >"$d/$name" 2>/dev/null
	echo "exit $?" >>"$d/$name"
}
# The formats come from the registry (core/report/emit.c), so a new format is
# in this test without an edit here: its outputs are not in the manifest until
# it is recorded again.
mapfile -t formats < <("$CS" --complete formats) || fail "--complete formats"
mapfile -t cmp_formats < <("$CS" --complete compare-formats) || fail "--complete compare-formats"
((${#formats[@]} > 0 && ${#cmp_formats[@]} > 0)) || fail "the format registry lists nothing"
n=0
for f in "$m" "$i1" "$i2" all; do
	files=("$f")
	[ "$f" = all ] && files=("$m" "$i1" "$i2")
	tag=$(basename "$f" .json)
	for fmt in "${formats[@]}"; do
		for view in matrix rank handshake evidence; do
			out "report-$tag-$fmt-$view" "$CS" report "${files[@]}" --format "$fmt" --view "$view"
			n=$((n + 1))
		done
	done
done
for fmt in "${cmp_formats[@]}"; do
	out "compare-imported-$fmt" "$CS" compare "$i1" "$i2" --format "$fmt" --across-hosts
	out "compare-self-$fmt" "$CS" compare "$m" "$m" --format "$fmt"
	out "compare-same-$fmt" "$CS" compare "$m" --base openssl --new wolfssl --format "$fmt"
	n=$((n + 3))
done
for fmt in text json; do
	out "history-$fmt" "$CS" history "$m" "$m" --format "$fmt"
	out "history-imp-$fmt" "$CS" history "$i1" "$i2" --format "$fmt" --same-cpu
	n=$((n + 2))
done
(cd "$d" && sha256sum -- report-* compare-* history-* | sort -k2) >"$d/manifest"
if [ "${CS_GOLDEN_RECORD:-}" = 1 ]; then
	cp "$d/manifest" "$manifest"
	echo "recorded $n outputs in $manifest"
	exit 0
fi
diff "$manifest" "$d/manifest" || fail "outputs differ from the recorded ones (kept in $d)"
echo "ok: $n outputs byte-identical"
