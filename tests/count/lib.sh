# Shared by the counting tests (label count). From CTest: CS_BIN (the host's
# build/bin), CS_WORK (a scratch dir), CS_CROSS_BIN (the aarch64 cross build's
# bin/, may not exist), CS_ARMHF_BIN (the armhf cross build's bin/, may not
# exist), CS_MCU_BIN (the MCU build's bin/, make cross ARCH=cortex-m4, may
# not exist), CS_SANITIZE (ON in an ASan/UBSan tree).
set -u
: "${CS_BIN:?}" "${CS_WORK:?}" "${CS_CROSS_BIN:=}" "${CS_ARMHF_BIN:=}" "${CS_SANITIZE:=OFF}"
: "${CS_MCU_BIN:=}"
# shellcheck disable=SC2034 # used by the scripts that source this file
CS=$CS_BIN/cryptospeed
# shellcheck disable=SC2034
PLUGIN=$CS_BIN/cryptospeed-count.so
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
CS_TMP=$(mktemp -d "$CS_WORK/count.XXXXXX")
cleanup() {
	local rc=$?
	[ $rc -eq 0 ] && rm -rf "$CS_TMP"
	exit $rc
}
trap cleanup EXIT
need_qemu() { command -v "$1" >/dev/null || skip "$1 not installed (Debian package qemu-user)"; }
# ASan/UBSan programs do not run under qemu-user (their shadow memory): the
# host's workers are counted in the plain build; the cross build's are not
# sanitized and run in both
host_guest_ok() { [ "$CS_SANITIZE" != ON ]; }
need_cross() {
	if [ -z "$CS_CROSS_BIN" ] || [ ! -x "$CS_CROSS_BIN/cryptospeed-worker-noop" ]; then
		skip "no aarch64 cross build in '${CS_CROSS_BIN}' (make cross)"
	fi
}
# need_mcu LIB: the MCU lane's tools and LIB's MCU workers in CS_MCU_BIN
# (make cross ARCH=cortex-m4), else skip
need_mcu() {
	command -v qemu-system-arm >/dev/null || skip "qemu-system-arm not installed (scripts/deps.sh --arch cortex-m4)"
	command -v python3 >/dev/null || skip "no python3"
	ls "$CS_MCU_BIN"/cryptospeed-worker-"$1"@* >/dev/null 2>&1 ||
		skip "no $1 MCU workers in '$CS_MCU_BIN' (make cross ARCH=cortex-m4)"
}
need_armhf() {
	if [ -z "$CS_ARMHF_BIN" ] || [ ! -x "$CS_ARMHF_BIN/cryptospeed-worker-noop" ]; then
		skip "no armhf cross build in '${CS_ARMHF_BIN}' (make cross ARCH=armhf)"
	fi
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
