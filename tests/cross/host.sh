# From the host's build: run the aarch64 build's tests (labels kat and cross)
# under qemu-user, after bringing it up to date. Skips (77) when there is no
# aarch64 build: `make cross` makes one (it needs scripts/deps.sh --arch arm64).
# Usage: host.sh CROSS_BUILD_DIR
set -u
dir=${CRYPTOSPEED_CROSS_BUILD:-${1:?usage: host.sh CROSS_BUILD_DIR}}
skip() { echo "SKIP: $*"; exit 77; }
[ -f "$dir/CTestTestfile.cmake" ] && [ -f "$dir/CMakeCache.txt" ] ||
	skip "no aarch64 build in $dir (make cross configures, builds and tests one; it needs the packages of scripts/deps.sh --arch arm64)"
grep -q '^CMAKE_TOOLCHAIN_FILE:' "$dir/CMakeCache.txt" ||
	skip "$dir is not a cross build (no CMAKE_TOOLCHAIN_FILE in its CMakeCache.txt)"
command -v qemu-aarch64 >/dev/null || skip "qemu-aarch64 is not installed (Debian: apt-get install qemu-user)"
echo "cross build: $dir"
cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" || { echo "FAIL: building $dir"; exit 1; }
ctest --test-dir "$dir" -L 'kat|cross' --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" ||
	{ echo "FAIL: the tests of $dir"; exit 1; }
