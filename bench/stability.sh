#!/usr/bin/env bash
# Repeatability: two back-to-back runs of the same matrix, compared cell by
# cell. Prints `cryptospeed compare`'s table and its summary line:
# median |run2/run1 - 1| across cells.
#
#   bench/stability.sh [run options...]     (default: --lib openssl)
set -euo pipefail
cd "$(dirname "$0")/.."
cs=build/bin/cryptospeed
[ -x "$cs" ] || { echo "build first: make build" >&2; exit 1; }
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--lib openssl)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for i in 1 2; do
	start=$(date +%s)
	"$cs" run "${args[@]}" --no-evidence -o "$work/run$i.json" >/dev/null
	echo "run $i: $(( $(date +%s) - start )) s" >&2
done
"$cs" compare "$work/run1.json" "$work/run2.json" || true
