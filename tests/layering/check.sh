#!/usr/bin/env bash
# One layer test (tests/CMakeLists.txt cs_layer): build TARGET, a source that
# includes HEADER linked against one folder's library only.
#   check.sh BUILD_DIR TARGET HEADER SOURCE_DIR down   the build must succeed
#   check.sh BUILD_DIR TARGET HEADER SOURCE_DIR up     the build must fail, and
#     for the right reason: HEADER exists in the tree (under core/ or
#     adapters/) and the compiler says it cannot find it. Any other failure
#     (a syntax error, a header that exists nowhere, a link error) fails
#     the test instead of passing it.
set -u
build=${1:?} target=${2:?} header=${3:?} src=${4:?} want=${5:?}
fail() {
	echo "FAIL: $*"
	exit 1
}
out=$(cmake --build "$build" --target "$target" 2>&1)
rc=$?
if [[ $want == down ]]; then
	((rc == 0)) || fail "$header should be visible to $target: $(grep -m3 -i error <<<"$out")"
	echo "ok: $target sees $header"
	exit 0
fi
found=$(find "$src/core" "$src/adapters" -name "$(basename "$header")" -print -quit)
[[ -n $found ]] || fail "$header exists nowhere in the tree: the test would prove nothing"
((rc != 0)) || fail "$target built: $header is visible from a lower layer"
# gcc: "fatal error: X: No such file or directory"; clang: "'X' file not found"
if ! grep -qE "(fatal error: ${header//./\\.}: No such file or directory|'${header//./\\.}' file not found)" <<<"$out"; then
	fail "$target failed to build, but not because $header is out of reach: $(grep -m3 -i error <<<"$out")"
fi
echo "ok: $target cannot reach $header (${found#"$src"/})"
