#!/usr/bin/env bash
# The nightly workflow, run as CI would, without the network (issue 20):
# a local "upstream" git repository made from the verified Nettle 3.10.2
# release tarball (C0, tagged) plus two commits: C1 a harmless one, C2 the
# planted SHA-256 slowdown (tests/data/nettle-3.10.2-planted.patch) as a
# commit. A copy of this tree with its own origin (a bare repository, where
# the results branch is pushed) runs the `run:` steps of
# .github/workflows/nightly.yml (tests/e2e/run_workflow.py; the Dependencies
# step and the `uses:` steps are the test's):
#   night 1 (upstream at C1, last good pinned to the C0 tag): exit 0, 0 cells
#     flagged on counts, C1 recorded as last good on the results branch;
#   night 2 (upstream at C2): the job fails, the verdict names exactly the
#     SHA-256 cells, the bisect step names C2, the job summary shows both;
#   `libs.sh bisect nettle C0 C2` (a midpoint to test) names C2;
#   an unreachable repository and a failing build beside a good library:
#     exit 3 (incomplete), their rows say why (and the log), the good
#     library is still measured.
# Builds and the duet's build directory are kept under CS_WORK/nightly-e2e
# (commits are made with fixed dates, so their ids and builds repeat): the
# first run builds Nettle three times, later runs reuse them.
. "$(dirname "$0")/lib.sh"
src=${1:?source dir}
for t in git patch m4 cc qemu-x86_64 python3; do
	command -v "$t" >/dev/null || skip "no $t"
done
python3 -c 'import yaml' 2>/dev/null || skip "no python3 yaml (apt-get install python3-yaml)"
[ "$(uname -m)" = x86_64 ] || skip "the counting profile here is x86-64"
# the verified release tarball, as libs.sh fetches it (its source cache first)
tarball=$(bash "$src/scripts/libs.sh" source nettle@3.10.2 2>"$CS_TMP/source.err") ||
	skip "no verified nettle-3.10.2 tarball: $(tail -n1 "$CS_TMP/source.err")"
keep=$CS_WORK/nightly-e2e
mkdir -p "$keep"
export XDG_CACHE_HOME=$keep/cache CRYPTOSPEED_NIGHTLY_BUILD=$keep/build
export CRYPTOSPEED_SOURCES=${tarball%/*}

# the upstream repository, commits with fixed authors and dates
up=$CS_TMP/upstream
mkdir -p "$up"
tar -xzf "$tarball" -C "$up" --strip-components=1
commit() { # DATE MESSAGE
	GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" git -C "$up" -c user.name=upstream \
		-c user.email=upstream@example.invalid commit -q -m "$2"
}
git -C "$up" init -q -b master
git -C "$up" add -A
commit 2026-01-01T00:00:00Z "nettle 3.10.2 release"
git -C "$up" tag nettle_3.10.2_release
c0=$(git -C "$up" rev-parse HEAD)
echo "a line that changes no code" >>"$up/NEWS"
git -C "$up" add -A
commit 2026-01-02T00:00:00Z "NEWS: a harmless change"
c1=$(git -C "$up" rev-parse HEAD)
(cd "$up" && patch -p1 --batch --fuzz=0 -s <"$src/tests/data/nettle-3.10.2-planted.patch") ||
	fail "the planted patch does not apply to the release tree"
git -C "$up" add -A
commit 2026-01-03T00:00:00Z "sha256: planted slowdown (a few volatile operations per block)"
c2=$(git -C "$up" rev-parse HEAD)
git -C "$up" checkout -q --detach "$c0"
git -C "$up" branch nightly-head "$c1" # the branch the nightly follows

# a copy of this tree (modification times kept: the duet's build stays warm)
clone=$keep/clone
rm -rf "$clone" "$CS_TMP/origin.git"
mkdir -p "$clone"
(cd "$src" && git ls-files -co --exclude-standard -z | grep -zv '^build' |
	tar --null -T - -cf -) | tar -xf - -C "$clone"
git init -q -b main "$clone"
git -C "$clone" add -A
git -C "$clone" -c user.name=t -c user.email=t@example.invalid commit -qm tree
git init -q --bare "$CS_TMP/origin.git"
git -C "$clone" remote add origin "$CS_TMP/origin.git"
git -C "$clone" push -q origin main

wf=$clone/.github/workflows/nightly.yml
# No secret is set (issue 33): every watched library's
# repository is the manifest's public upstream one, none is skipped; this
# machine reaches no git host, so git itself rewrites Nettle's upstream URL
# to the local upstream (url.<local>.insteadOf, in the environment only) and
# the night watches Nettle alone (NIGHTLY_LIBS, the one thing the test sets).
n=0
for l in nettle sodium wolfssl mbedtls openssl; do
	L=$(tr a-z A-Z <<<"$l")
	read -r r b g < <(env -u "CRYPTOSPEED_REPO_$L" -u "CRYPTOSPEED_BRANCH_$L" bash "$clone/scripts/libs.sh" repo "$l") ||
		fail "libs.sh repo $l failed"
	[[ "$r" =~ ^(https|git)://[A-Za-z0-9.-]+/[^[:space:]]+$ ]] || fail "$l: the manifest names no public repository ('$r')"
	[ "$b" != - ] || fail "$l: the manifest names no branch"
	[ "$l" != nettle ] || nettle_url=$r
	n=$((n + 1))
done
grep -q 'CRYPTOSPEED_REPO_NETTLE: ${{ secrets.NIGHTLY_REPO_NETTLE }}' "$wf" || fail "the workflow's repository is not an override of the manifest's"
export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="url.$up.insteadOf" GIT_CONFIG_VALUE_0="$nettle_url"
echo "the manifest watches $n libraries by default (Nettle: $nettle_url, redirected here to the local upstream)"
night() { # N: run the workflow's steps; the step lines into night-N.steps
	rm -rf "$clone/.nightly-results" "$clone/nightly-out"
	git -C "$clone" worktree prune
	python3 "$src/tests/e2e/run_workflow.py" "$wf" nightly "$clone" --matrix arch=x86_64 \
		--input repeat=2 --skip Dependencies --env NIGHTLY_LIBS=nettle \
		--env "XDG_CACHE_HOME=$XDG_CACHE_HOME" --env CRYPTOSPEED_BRANCH_NETTLE=nightly-head \
		--env NIGHTLY_GOOD_NETTLE="${PIN:-}" --summary "$CS_TMP/summary-$1.md" \
		>"$CS_TMP/night-$1.steps" 2>"$CS_TMP/night-$1.err"
	local rc=$?
	cat "$CS_TMP/night-$1.steps"
	return $rc
}
step_rc() { sed -n "s/^\([0-9a-z]*\) $2\$/\1/p" "$CS_TMP/night-$1.steps"; }

# night 1: C1 against the pinned release tag
t0=$SECONDS
PIN=nettle_3.10.2_release night 1 || fail "night 1 failed: $(tail -n 5 "$CS_TMP/night-1.err")"
echo "night 1: $((SECONDS - t0)) s"
[ "$(step_rc 1 'Tonight against the last good build')" = 0 ] || fail "night 1: the run step failed"
grep -q '^## Nightly (amd64): ok' "$CS_TMP/summary-1.md" || fail "night 1 summary: $(head -n 3 "$CS_TMP/summary-1.md")"
grep -q '| nettle | .* | count changed (0) of [0-9]* | .* | ok |' "$CS_TMP/summary-1.md" ||
	fail "night 1: not 0 cells flagged: $(grep '^| nettle' "$CS_TMP/summary-1.md")"
last=$(git -C "$CS_TMP/origin.git" show nightly-results:amd64/last-good/nettle 2>/dev/null) ||
	fail "night 1 kept no last good commit on the results branch"
[ "$last" = "$c1" ] || fail "night 1 recorded $last as last good, not C1 $c1"
git -C "$CS_TMP/origin.git" ls-tree -r --name-only nightly-results | grep -q '^amd64/x86-64-[0-9a-f]\{8\}/nettle.tsv$' ||
	fail "no count history keyed by arch and features: $(git -C "$CS_TMP/origin.git" ls-tree -r --name-only nightly-results | tr '\n' ' ')"

# night 2: upstream moved to the planted commit
git -C "$up" branch -q -f nightly-head "$c2"
t0=$SECONDS
night 2 && fail "night 2 passed: the planted commit was not caught"
echo "night 2: $((SECONDS - t0)) s"
[ "$(step_rc 2 'Tonight against the last good build')" = 0 ] || fail "night 2: the run step itself failed"
[ "$(step_rc 2 Verdict)" = 1 ] || fail "night 2: the verdict step did not exit 1 ($(step_rc 2 Verdict))"
[ "$(step_rc 2 'Bisect a regression')" = 0 ] || fail "night 2: no bisect step"
s2=$CS_TMP/summary-2.md
grep -q '^## Nightly (amd64): REGRESSION' "$s2" || fail "night 2 summary: $(head -n 3 "$s2")"
# the flagged cells are exactly the SHA-256 ones of the selection (digest 16 and 8192)
python3 - "$clone/nightly-out/count.json" >"$CS_TMP/want" <<'PY' || fail "reading night 2's count file"
import json, sys
r = json.load(open(sys.argv[1]))
libs = sorted({c["lib"] for c in r["cells"] if c["lib"].startswith("nettle@g")})
assert len(libs) == 2, libs
for c in r["cells"]:
    if c["lib"] == libs[0] and c.get("count") and c["alg"] == "sha256":
        print(c["alg"], c["op"], c["size"])
PY
[ -s "$CS_TMP/want" ] || fail "night 2 counted no SHA-256 cell"
sed -n '/^count changed/,/^$/p' "$clone/nightly-out/nettle.count.txt" | grep '^  ' |
	awk '{ print $2, $3, $4 }' | sort >"$CS_TMP/got"
sort -o "$CS_TMP/want" "$CS_TMP/want"
diff "$CS_TMP/want" "$CS_TMP/got" >/dev/null ||
	fail "night 2 flagged $(tr '\n' ';' <"$CS_TMP/got"), want exactly $(tr '\n' ';' <"$CS_TMP/want")"
grep -q "sha256" "$s2" || fail "night 2 summary names no sha256 cell"
grep -q "first commit whose counts differ: \`${c2:0:12}\` sha256: planted" "$s2" ||
	fail "night 2 summary does not name the planted commit ${c2:0:12}: $(sed -n '/### Bisect/,$p' "$s2")"
grep -q 'nettle.svg`: nettle, 2 nights, [0-9]* cells' "$s2" || fail "night 2 summary lists no history chart of 2 nights"
grep -q "sha256 nettle digest 16: 3327 -> 3361 insns/op" "$s2" || fail "night 2 history does not show the SHA-256 step"
grep -q '<text [^>]*>20[0-9-]*</text>' "$clone/nightly-out/history/"*nettle.svg || fail "the history chart has no dates on its x axis"
last=$(git -C "$CS_TMP/origin.git" show nightly-results:amd64/last-good/nettle)
[ "$last" = "$c1" ] || fail "night 2 moved the last good build to $last (want C1 $c1)"

# bisect over two commits: C1 is tested as a midpoint
got=$(CRYPTOSPEED_BISECT_DIR=$CS_TMP/bisect bash "$clone/scripts/libs.sh" bisect nettle "$up#$c0" "$up#$c2" -- \
	--alg sha256,sha512 --sizes 16 2>"$CS_TMP/bisect.err") || fail "bisect C0..C2: $(tail -n 3 "$CS_TMP/bisect.err")"
[ "${got%% *}" = "$c2" ] || fail "bisect C0..C2 named '$got', not C2 $c2"
grep -q "${c1:0:12}: counts as GOOD's" "$CS_TMP/bisect.err" || fail "bisect did not test C1: $(cat "$CS_TMP/bisect.err")"

# an unreachable repository and a build that fails (mbedTLS's recipe on
# Nettle's tree: no CMakeLists.txt) beside a good library: incomplete (3),
# not ok, not regression
(cd "$clone" && NIGHTLY_LIBS=nettle,sodium,mbedtls CRYPTOSPEED_REPO_NETTLE=$up CRYPTOSPEED_BRANCH_NETTLE=$c1 \
	NIGHTLY_GOOD_NETTLE=nettle_3.10.2_release CRYPTOSPEED_REPO_SODIUM=$CS_TMP/no-such-repo \
	CRYPTOSPEED_REPO_MBEDTLS=$up CRYPTOSPEED_BRANCH_MBEDTLS=$c1 NIGHTLY_GOOD_MBEDTLS=$c1 \
	NIGHTLY_REPEAT=0 NIGHTLY_OUT=$CS_TMP/out3 NIGHTLY_DIR=$CS_TMP/results3 \
	bash scripts/nightly.sh run) >"$CS_TMP/night3.txt" 2>&1
rc=$?
[ $rc -eq 3 ] || fail "unreachable repository: exit $rc (want 3): $(tail -n 3 "$CS_TMP/night3.txt")"
grep -q '^| sodium | .*incomplete: cannot reach the repository' "$CS_TMP/out3/summary.md" ||
	fail "the sodium row does not say why: $(grep '^| sodium' "$CS_TMP/out3/summary.md")"
grep -q "^| mbedtls | .*incomplete: .*build of mbedtls@g${c1:0:12}+default for amd64 failed; the whole log: .*mbedtls@g${c1:0:12}+default-amd64.log" "$CS_TMP/out3/summary.md" ||
	fail "the mbedtls row does not name the failed build and its log: $(grep '^| mbedtls' "$CS_TMP/out3/summary.md")"
grep -q '^| nettle | .* | count changed (0) of [0-9]* | .* | ok |' "$CS_TMP/out3/summary.md" ||
	fail "nettle was not measured beside the failed library: $(grep '^| nettle' "$CS_TMP/out3/summary.md")"
echo "ok: night 1 passed (0 flagged), night 2 flagged $(wc -l <"$CS_TMP/want") SHA-256 cells and bisected to ${c2:0:12}; unreachable repo: exit 3"
