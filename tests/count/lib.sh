# Shared by the counting tests (label count). From CTest: CS_BIN (the host's
# build/bin), CS_WORK (a scratch dir), CS_CROSS_BIN (the aarch64 cross build's
# bin/, may not exist).
set -u
: "${CS_BIN:?}" "${CS_WORK:?}" "${CS_CROSS_BIN:=}"
CS=$CS_BIN/cryptospeed
PLUGIN=$CS_BIN/cryptospeed-count.so
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
CS_TMP=$(mktemp -d "$CS_WORK/count.XXXXXX")
trap 'rc=$?; [ $rc -eq 0 ] && rm -rf "$CS_TMP"; exit $rc' EXIT
need_qemu() { command -v "$1" >/dev/null || skip "$1 not installed (Debian package qemu-user)"; }
need_cross() {
	[ -n "$CS_CROSS_BIN" ] && [ -x "$CS_CROSS_BIN/cryptospeed-worker-noop" ] ||
		skip "no aarch64 cross build in '${CS_CROSS_BIN}' (make cross)"
}
# counts FILE: one line per cell, "lib/path alg op size status count-object",
# sorted, for comparing two counting runs
counts() {
	python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
rows = []
for c in r["cells"]:
    k = c.get("count")
    rows.append("%s/%s %s %s %s %s %s" % (c["lib"], c["path"], c["alg"], c["op"], c["size"],
                c["status"], json.dumps(k, sort_keys=True) if k else "-"))
print("\n".join(sorted(rows)))
PY
}
