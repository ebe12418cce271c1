# The whole matrix, quickly, under the emulator: every library's cells run
# (none wrong, crashed, timed out or in error) and all libraries agree on the
# output of every (algorithm, operation, size): the target's arithmetic is
# checked against the known answers and against each other. (Slow emulated
# cells, keygen above all, get few samples in --quick's budget: one is enough.)
. "$(dirname "$0")/lib.sh"
[ -n "$CS_EXPECT" ] || skip "no adapters expected in this build"
d=$(tmpdir)
cs_run "$d/r.json" --quick --no-evidence --sizes 64,1024
libs=()
for lib in $CS_EXPECT; do
	libs+=(--lib "$lib")
done
check "$d/r.json" --agree --min-samples 1 "${libs[@]}" || fail "result file"
if grep -Eq '"status": *"(wrong|crashed|timeout|error)"' "$d/r.json"; then
	fail "cells not ok: $(grep -Eo '"status": *"(wrong|crashed|timeout|error)"' "$d/r.json" | sort | uniq -c | tr '\n' ' ')"
fi
pass
