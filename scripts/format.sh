#!/usr/bin/env bash
# The C sources against the root .clang-format (clang-format 14, Debian 12's).
#   scripts/format.sh          reformat every tracked .c/.h file in place
#   scripts/format.sh --check  list the files that differ; exit 1 if any (CI)
# Exit 77 (skipped) when clang-format 14 is not installed: other versions
# format differently, so they neither check nor rewrite.
set -u
cd "$(dirname "$0")/.." || exit 2
cf=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$cf" ] || ! "$cf" --version | grep -q "version 14\."; then
	echo "SKIP: clang-format 14 not found (apt-get install clang-format-14)"
	exit 77
fi
mapfile -t files < <(git ls-files '*.c' '*.h' 2>/dev/null || find core adapters bench tests -name '*.[ch]')
case "${1:-}" in
--check)
	bad=()
	for f in "${files[@]}"; do
		"$cf" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
	done
	if [ ${#bad[@]} -gt 0 ]; then
		echo "FAIL: not formatted as .clang-format says (scripts/format.sh fixes them):"
		printf '  %s\n' "${bad[@]}"
		exit 1
	fi
	echo "ok: ${#files[@]} files formatted"
	;;
"") "$cf" -i "${files[@]}" ;;
*) echo "usage: scripts/format.sh [--check]" >&2; exit 2 ;;
esac
