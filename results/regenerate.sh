#!/bin/bash
# results/README.md from the result files here (make results):
#   results/regenerate.sh [CRYPTOSPEED] [OUT]
# CRYPTOSPEED defaults to build/bin/cryptospeed, OUT to results/README.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cs=$(realpath "${1:-$here/../build/bin/cryptospeed}")
out=$(realpath -m "${2:-$here/README.md}")
cd "$here"
export LC_ALL=C
files=(measured/*.json imported/*.json)
{
	cat about.md
	"$cs" report "${files[@]}" --format markdown --view rank
} >"$out.tmp"
mv "$out.tmp" "$out"
