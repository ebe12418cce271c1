#!/bin/bash
# results/README.md from the result files here (make results), and the
# findings part of the project's README.md (between its "findings" markers)
# from the measured file (results/findings.sh):
#   results/regenerate.sh [CRYPTOSPEED] [OUT] [README]
# CRYPTOSPEED defaults to build/bin/cryptospeed, OUT to results/README.md,
# README to the project's README.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cs=$(realpath "${1:-$here/../build/bin/cryptospeed}")
out=$(realpath -m "${2:-$here/README.md}")
readme=$(realpath -m "${3:-$here/../README.md}")
cd "$here"
export LC_ALL=C
files=(measured/*.json imported/*.json)
{
	cat about.md
	"$cs" report "${files[@]}" --format markdown --view rank
} >"$out.tmp"
mv "$out.tmp" "$out"

# README.md: the lines between the markers are findings.sh's output
measured=(measured/*.json)
findings=$(bash "$here/findings.sh" "$cs" "$here/${measured[0]}")
# (through the environment: awk -v would read backslash escapes in the text,
# and gawk and mawk read them differently)
FINDINGS=$findings awk '
	/^<!-- findings: / { print; print ""; print ENVIRON["FINDINGS"]; print ""; skip = 1; next }
	/^<!-- end of findings -->/ { skip = 0 }
	!skip { print }' "$here/../README.md" >"$readme.tmp"
mv "$readme.tmp" "$readme"
