#!/usr/bin/env bash
# Adding a report format, done the way docs/architecture.md ("How to add a
# report format") says, in a throw-away copy of the tree: "plain", whose
# writer (core/report/plain.c) hands its cells to the text writer (the test is
# about the registry, not about a writer).
#
#   1. the writer, cs_report_plain, in core/report/plain.c, declared in
#      core/report/exports.h
#   2. the file in core/CMakeLists.txt's cs_report list
#   3. one line in the format registry, core/report/emit.c
#
# Then it builds the orchestrator and the noop worker and shows the format is
# covered without an edit to any test: `--complete formats` lists it; golden.sh
# fails naming only its outputs (new lines, none changed) until the manifest
# is recorded again, then passes; views.sh (the accepted names), args.sh and
# hostile.sh (which says which formats it walked) pass with it.
set -u
src=${1:?usage: add_format.sh SOURCE_DIR [JOBS]}
jobs=${2:-2}
. "$(dirname "$0")/tree_copy.sh"
command -v python3 >/dev/null || {
	echo "skip: no python3 (hostile.py)"
	exit 77
}
tree_copy "$src"

# 1. the writer and its declaration
cat >"$tree/core/report/plain.c" <<'EOF'
/* The "plain" format: the text writer's output (tests/unit/add_format.sh). */
#include "exports.h"

void
cs_report_plain(const cs_res_file *const *files, size_t n, cs_view view, FILE *f)
{
	cs_report_text(files, n, view, f);
}
EOF
python3 - "$tree" <<'EOF' || fail "editing the copy"
import sys
t = sys.argv[1]
def insert(path, before, line):
    s = open(t + "/" + path).read()
    if s.count(before) != 1:
        sys.exit("%s: %r found %d times" % (path, before, s.count(before)))
    open(t + "/" + path, "w").write(s.replace(before, line + before))
insert("core/report/exports.h", "#endif",
       "/* plain: the text writer's output. */\n"
       "void cs_report_plain(const cs_res_file *const *files, size_t n, cs_view view, FILE *f);\n\n")
# 2. the file in the build
insert("core/CMakeLists.txt", "report/summary.c", "report/plain.c ")
# 3. the registry line
insert("core/report/emit.c", '\t{"junit",',
       '\t{"plain", V(CS_VIEW_MATRIX) | V(CS_VIEW_RANK), cs_report_plain, NULL, false},\n')
EOF
grep -q '#include "exports.h"' "$tree/core/report/emit.c" || fail "emit.c does not include exports.h"

b=$tmp/build
cmake -S "$tree" -B "$b" -DCMAKE_BUILD_TYPE=Release >"$tmp/cmake.log" 2>&1 ||
	fail "configure: $(tail -5 "$tmp/cmake.log")"
cmake --build "$b" -j "$jobs" --target cryptospeed cryptospeed_worker_noop >"$tmp/build.log" 2>&1 ||
	fail "build: $(grep -m5 -E 'error|Error' "$tmp/build.log")"
export CS_BIN=$b/bin CS_WORK=$tmp
"$CS_BIN/cryptospeed" --complete formats | grep -qx plain || fail "--complete formats lacks plain"

# golden: the new format's outputs are new lines of the manifest, nothing else moves
out=$(bash "$tree/tests/e2e/golden.sh" 2>&1) && fail "golden.sh passed before plain's outputs were recorded"
added=$(grep -c '^> .*-plain-' <<<"$out")
other=$(grep -E '^[<>] ' <<<"$out" | grep -vc -- '-plain-')
((added > 0 && other == 0)) || fail "golden.sh: $added plain lines, $other others: $(head -5 <<<"$out")"
CS_GOLDEN_RECORD=1 bash "$tree/tests/e2e/golden.sh" >/dev/null || fail "golden.sh record"
bash "$tree/tests/e2e/golden.sh" >"$tmp/golden.out" 2>&1 || fail "golden.sh after recording: $(tail -3 "$tmp/golden.out")"
# views and args: the accepted names come from the registry
bash "$tree/tests/e2e/views.sh" >"$tmp/views.out" 2>&1 || fail "views.sh: $(tail -3 "$tmp/views.out")"
bash "$tree/tests/e2e/args.sh" "$CS_BIN" >"$tmp/args.out" 2>&1 || fail "args.sh: $(tail -3 "$tmp/args.out")"
# hostile: the hostile name through the new format too
bash "$tree/tests/e2e/hostile.sh" >"$tmp/hostile.out" 2>&1 || fail "hostile.sh: $(tail -3 "$tmp/hostile.out")"
grep -q '^report formats: .*\bplain\b' "$tmp/hostile.out" || fail "hostile.py did not walk plain: $(head -3 "$tmp/hostile.out")"
echo "ok: a format added in 3 places (writer, build list, registry line) is in golden ($added outputs), views, args and hostile"
