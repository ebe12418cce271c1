#!/usr/bin/env bash
# Only the modules that own a JSON format read or write JSON: the protocol
# (core/protocol), the result file (core/results), the atomic writer
# (core/common/outfile.*) and the importer (core/import). Any other file
# under core/ or adapters/ that includes jansson.h fails this test.
# KNOWN lists the places that still do (issue 17, item 3: the orchestrator
# keeps hello, evidence and interop as JSON); an entry that no longer
# includes it must be removed from KNOWN, so the list only shrinks.
set -u
root=${1:?usage: jansson_boundary.sh SOURCE_DIR}
cd "$root" || exit 1
KNOWN="core/orchestrator/orchestrator.h core/orchestrator/repeat.h"
bad=0
found=$(grep -rl --include='*.[ch]' '#include <jansson.h>' core adapters | sort)
for f in $found; do
	case $f in
	core/protocol/* | core/results/* | core/common/outfile.[ch] | core/import/*) continue ;;
	esac
	case " $KNOWN " in
	*" $f "*) continue ;;
	esac
	echo "FAIL: $f includes jansson.h: JSON belongs to protocol/, results/ (typed structs above them)"
	bad=1
done
for f in $KNOWN; do
	grep -q '#include <jansson.h>' "$f" ||
		{ echo "FAIL: $f no longer includes jansson.h: remove it from KNOWN"; bad=1; }
done
[ $bad -eq 0 ] && echo "ok: jansson.h only in protocol/, results/, outfile, import (known: $KNOWN)"
exit $bad
