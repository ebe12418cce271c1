# Shared by the e2e scripts: CS_BIN (build/bin) and CS_WORK (a scratch dir) come from CTest.
set -u
: "${CS_BIN:?}" "${CS_WORK:?}"
CS=$CS_BIN/cryptospeed
CHECK=$CS_BIN/check-results
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
have_worker() { [ -x "$CS_BIN/cryptospeed-worker-$1" ]; }
# one scratch dir per script, removed when it passes (kept to look at when not)
CS_TMP=$(mktemp -d "$CS_WORK/e2e.XXXXXX")
trap 'rc=$?; [ $rc -eq 0 ] && rm -rf "$CS_TMP"; exit $rc' EXIT
tmpdir() { echo "$CS_TMP"; }
