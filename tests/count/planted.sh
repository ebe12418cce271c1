#!/usr/bin/env bash
# The planted regression (issue 19, item 7, "Power"): nettle@3.10.2+planted
# is Nettle 3.10.2 with tests/data/nettle-3.10.2-planted.patch, about 1 % more
# instructions in SHA-256 only (scripts/libs.manifest). Counted beside the
# unpatched build in one run, compare --base/--new exits 1 and names exactly
# every SHA-256 cell and no other; an A/A pair (two counting runs of the
# unpatched build) exits 0. Skips unless both libs.sh builds are workers of
# this tree (-DCRYPTOSPEED_NETTLE_ROOTS="<prefix>;<prefix>", as .ci/run does).
. "$(dirname "$0")/lib.sh"
base=nettle@3.10.2+default new=nettle@3.10.2+planted
for w in "$base" "$new"; do
	[ -x "$CS_BIN/cryptospeed-worker-$w" ] ||
		skip "no worker $w (scripts/libs.sh build $w, then -DCRYPTOSPEED_NETTLE_ROOTS=<both prefixes>)"
done
need_qemu qemu-x86_64
host_guest_ok || skip "sanitized workers do not run under qemu-user"
# shellcheck disable=SC2054 # the commas are the options' lists
sel=(--cpu x86-64 --alg sha256,sha512,aes-128-gcm,chacha20-poly1305 --sizes 16,8192)
count_run() { # OUT LIBS
	"$CS" run --count "${sel[@]}" --lib "$2" -o "$1" >"$1.txt" 2>"$1.err"
	local rc=$?
	[ $rc -eq 0 ] || fail "run --count --lib $2 exited $rc: $(tail -3 "$1.err")"
	[ -s "$1" ] || fail "run --count --lib $2 wrote no file"
}
count_run "$CS_TMP/both.json" "=$base,=$new"
"$CS" compare "$CS_TMP/both.json" --base "$base" --new "$new" >"$CS_TMP/cmp.txt" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "planted: compare exited $rc (want 1): $(cat "$CS_TMP/cmp.txt")"
cat "$CS_TMP/cmp.txt"
# the changed cells are exactly the SHA-256 cells of the run (every one)
sed -n '/^count changed/,/^$/p' "$CS_TMP/cmp.txt" | grep '^  ' |
	awk '{ print $2, $3, $4 }' | sort >"$CS_TMP/changed"
python3 - "$CS_TMP/both.json" "$new" >"$CS_TMP/want" <<'PY' || fail "reading the run"
import json, sys
r = json.load(open(sys.argv[1]))
cells = [c for c in r["cells"] if c["lib"] == sys.argv[2] and c.get("count")]
assert {c["alg"] for c in cells} >= {"sha256", "sha512", "aes-128-gcm", "chacha20-poly1305"}, cells
for c in sorted(cells, key=lambda c: (c["alg"], c["op"], c["size"])):
    if c["alg"] == "sha256":
        print(c["alg"], c["op"], c["size"])
PY
sort -o "$CS_TMP/want" "$CS_TMP/want"
[ -s "$CS_TMP/want" ] || fail "the run has no SHA-256 cell of $new"
diff "$CS_TMP/want" "$CS_TMP/changed" >/dev/null ||
	fail "changed cells are not exactly the SHA-256 ones: want $(tr '\n' ';' <"$CS_TMP/want") got $(tr '\n' ';' <"$CS_TMP/changed")"
# A/A: two counting runs of the unpatched build
count_run "$CS_TMP/a1.json" "=$base"
count_run "$CS_TMP/a2.json" "=$base"
"$CS" compare "$CS_TMP/a1.json" "$CS_TMP/a2.json" >"$CS_TMP/aa.txt" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "A/A compare exited $rc: $(cat "$CS_TMP/aa.txt")"
grep -q '^count changed (0)' "$CS_TMP/aa.txt" || fail "A/A: $(cat "$CS_TMP/aa.txt")"
echo "ok: planted SHA-256 found in exactly $(wc -l <"$CS_TMP/want") cells, exit 1; A/A exit 0"
