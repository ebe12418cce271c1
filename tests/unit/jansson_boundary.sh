#!/usr/bin/env bash
# Only the modules that own a JSON format read or write JSON: the protocol
# (core/protocol), the result file (core/results) and the importer's text and
# vector parsing (core/import). Any other file under core/ or adapters/ that
# includes jansson.h fails this test; there are no exceptions (issue 17,
# item 3: the orchestrator keeps the protocol's and the result model's
# structs).
set -u
root=${1:?usage: jansson_boundary.sh SOURCE_DIR}
cd "$root" || exit 1
bad=0
found=$(grep -rlE --include='*.[ch]' '#[[:space:]]*include[[:space:]]*[<"]jansson\.h[>"]' core adapters | sort)
for f in $found; do
	case $f in
	core/protocol/* | core/results/* | core/import/*) continue ;;
	esac
	echo "FAIL: $f includes jansson.h: JSON belongs to protocol/, results/, import/ (typed structs above them)"
	bad=1
done
[ $bad -eq 0 ] && echo "ok: jansson.h only in protocol/, results/, import/"
exit $bad
