# Shared by the cross tests. From CTest: CS_BIN (the target's bin/), CS_WORK (a
# scratch dir), CS_EMULATOR (CMAKE_CROSSCOMPILING_EMULATOR as one string, e.g.
# "qemu-aarch64 -L /usr/aarch64-linux-gnu"), CS_ARCH (CMAKE_SYSTEM_PROCESSOR),
# CS_STATIC (CRYPTOSPEED_STATIC), CS_EXPECT (the adapters this build should have).
#
# The target's orchestrator runs under the emulator and starts each worker
# with `--launcher "$CS_EMULATOR"`: without binfmt_misc the kernel cannot run
# a foreign binary, but qemu-user passes execve through, so the orchestrator
# can exec the (host) emulator, which runs the worker. Emulated timings mean
# nothing: no check here reads a rate.
set -u
: "${CS_BIN:?}" "${CS_WORK:?}" "${CS_EMULATOR:=}" "${CS_ARCH:=}" "${CS_STATIC:=OFF}" "${CS_EXPECT:=}"
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
[ -n "$CS_EMULATOR" ] || skip "no CMAKE_CROSSCOMPILING_EMULATOR in this cross build"
read -r -a EMU <<<"$CS_EMULATOR"
command -v "${EMU[0]}" >/dev/null || skip "emulator ${EMU[0]} not installed (scripts/deps.sh --arch arm64)"
have_worker() { [ -x "$CS_BIN/cryptospeed-worker-$1" ]; }
# d=$(tmpdir): a scratch dir, kept when a test fails, removed by pass
tmpdir() { mktemp -d "$CS_WORK/cross.XXXXXX"; }
pass() { rm -rf "${d:-}"; echo "ok${1:+: $1}"; exit 0; }
# cs ARGS...: the target's orchestrator, under the emulator; bounded, so that
# a hang fails the test instead of leaving processes behind
cs() { timeout -k 10 600 "${EMU[@]}" "$CS_BIN/cryptospeed" "$@"; }
# cs_run OUT.json ARGS...: `cryptospeed run` with each worker under the emulator
cs_run() {
	local out=$1
	shift
	cs run --launcher "$CS_EMULATOR" -o "$out" "$@" >"$out.txt" 2>"$out.err" ||
		fail "cryptospeed run $* exited $?: $(tail -5 "$out.err")"
}
check() { "${EMU[@]}" "$CS_BIN/check-results" "$@"; }
