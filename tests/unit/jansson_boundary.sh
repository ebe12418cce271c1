#!/usr/bin/env bash
# Only the modules that own a JSON format read or write JSON: the protocol
# (core/protocol), the result file (core/results) and the importer's text and
# vector parsing (core/import) read and write it; seven report files write other
# formats' JSON documents and never read one (below). No header of theirs
# includes jansson.h (protocol.h and results.h declare `struct json_t` only),
# so a file using jansson must include it itself, which this test sees. Any
# other file under core/ or adapters/ that includes jansson.h fails it.
set -u
root=${1:?usage: jansson_boundary.sh SOURCE_DIR}
cd "$root" || exit 1
bad=0
found=$(grep -rlE --include='*.[ch]' '#[[:space:]]*include[[:space:]]*[<"]jansson\.h[>"]' core adapters | sort)
for f in $found; do
	case $f in
	core/protocol/*.c | core/results/*.c | core/import/*.c | core/results/parse.h) continue ;;
	# writers of other formats' JSON: BMF, Google Benchmark, the rank,
	# compare, history and conformance-diff documents
	core/report/bmf.c | core/report/gbench.c | core/report/rank.c | core/report/compare.c) continue ;;
	core/report/history.c | core/report/conform.c) continue ;;
	# the estimate's rows as JSON (report --view estimate --format json)
	core/report/estimate.c) continue ;;
	esac
	echo "FAIL: $f includes jansson.h: JSON belongs to protocol/, results/, import/ (typed structs above them) and the report files that write JSON"
	bad=1
done
[ $bad -eq 0 ] && echo "ok: jansson.h only in protocol/, results/, import/ sources and the seven JSON-writing report files"
exit $bad
