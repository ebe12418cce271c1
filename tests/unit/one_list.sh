#!/usr/bin/env bash
# One list of algorithms: core/workload/algs.def. No other file under core/
# or tests/ may list them all, by name ("aes-128-gcm") or by C object
# (cs_alg_aes_128_gcm): a second list is what made adding an algorithm touch
# seventeen files. (An adapter's table lists them, by design; vectors.c holds
# cs_kats_<id>, the vectors themselves.)
set -u
root=${1:?usage: one_list.sh SOURCE_DIR}
def=$root/core/workload/algs.def
mapfile -t ids < <(sed -n 's/^CS_ALG(\([a-z0-9_]*\), "\([a-z0-9-]*\)".*/\1/p' "$def")
mapfile -t names < <(sed -n 's/^CS_ALG(\([a-z0-9_]*\), "\([a-z0-9-]*\)".*/\2/p' "$def")
if ((${#ids[@]} < 2 || ${#ids[@]} != ${#names[@]})); then
	echo "FAIL: could not read the algorithms of $def (${#ids[@]} ids, ${#names[@]} names)"
	exit 1
fi

# 1 when the file holds every word given after it
holds_all() {
	local f=$1 w
	shift
	for w; do
		grep -qw -- "$w" "$f" || return 1
	done
}

objects=("${ids[@]/#/cs_alg_}")
found=()
while IFS= read -r -d '' f; do
	[[ $f == "$def" ]] && continue
	grep -Iq . "$f" || continue # binary
	if holds_all "$f" "${names[@]}" || holds_all "$f" "${objects[@]}"; then
		found+=("${f#"$root"/}")
	fi
done < <(find "$root/core" "$root/tests" -type f -not -path '*/fixtures/*' -print0)

if ((${#found[@]})); then
	echo "FAIL: besides core/workload/algs.def, these files list the ${#ids[@]} algorithms:"
	printf '  %s\n' "${found[@]}"
	exit 1
fi
echo "ok: ${#ids[@]} algorithms, listed once (core/workload/algs.def)"
