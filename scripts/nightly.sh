#!/usr/bin/env bash
# The nightly regression check (docs/nightly.md): for each watched library,
# tonight's head of its git branch against its last good build, measured in
# ONE interleaved run (same-run compare --base GOOD --new HEAD) on both lanes.
#
#   nightly.sh checkout   the results branch into $NIGHTLY_DIR (created when new)
#   nightly.sh run        build both sides, count (the gate), time (reported),
#                         write $NIGHTLY_OUT/summary.md, JUnit files, history
#   nightly.sh bisect     for each library that regressed: the first commit
#                         whose counts differ (scripts/libs.sh bisect)
#   nightly.sh history    charts of the count history ($NIGHTLY_OUT/history/*.svg,
#                         dates on the x axis) and their list in the summary
#   nightly.sh keep       commit tonight's records to the results branch, push
#
# Environment (all optional):
#   NIGHTLY_LIBS      watched libraries, comma-separated (default: every
#                     library with a `repo` line in the manifest: each names
#                     its public upstream repository; a line whose repository
#                     is `-` and not set is a row "skipped")
#   CRYPTOSPEED_REPO_<LIB>, CRYPTOSPEED_BRANCH_<LIB>   override its repository
#                     and branch (default: the manifest's `repo` line)
#   NIGHTLY_GOOD_<LIB>  pin the last good build: LIB@VERSION (a release the
#                     manifest has) or a commit/tag of the repository
#   NIGHTLY_DIR       the results branch checkout (default .nightly-results)
#   NIGHTLY_BRANCH    the results branch (default nightly-results)
#   NIGHTLY_OUT       tonight's files (default nightly-out)
#   CRYPTOSPEED_NIGHTLY_BUILD  the cryptospeed build directory of the duet
#                     (default build-nightly)
#   NIGHTLY_SELECTION the run selection (default --alg sha256,sha512,
#                     aes-128-gcm,chacha20-poly1305 --sizes 16,8192)
#   NIGHTLY_COUNT_THRESHOLD  the gate, percent (default 0.5)
#   NIGHTLY_COUNT_CPU the counting profile (run --count --cpu; default x86-64
#                     on x86-64, cortex-a72 on arm64)
#   NIGHTLY_ARCH      the architecture whose builds are compared (default this
#                     machine's; arm64 on x86-64: the libraries and workers
#                     cross-built for aarch64, static, as make cross, counted
#                     under qemu-aarch64 by this machine's program and plugin in
#                     CRYPTOSPEED_NIGHTLY_BUILD/host, default build dir
#                     build-nightly-arm64; no time lane)
#   NIGHTLY_REPEAT    time lane repetitions (default 5; 0: no time lane)
#   NIGHTLY_THRESHOLD time lane minimum effect, percent (default 5)
#   NIGHTLY_TIME_GATE hw: a change of the time lane's sampled hw evidence
#                     fails the night too (default: reported only; on a
#                     loaded machine the sampled evidence of unchanged code
#                     was seen to lose aes-ni at --repeat 2)
#
# Exit status of `run` (and of `bisect`, which keeps it): 0 every watched
# library measured, nothing flagged; 1 a regression (counts changed by the
# gate or more, an instruction class lost, a cell no longer ok or missing;
# with NIGHTLY_TIME_GATE=hw also the time lane's hw evidence); 3 incomplete: no regression, but a
# library could not be resolved, built or measured (its row says why and
# names the log); 2 bad input.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
LIBS=$here/libs.sh
dir=${NIGHTLY_DIR:-.nightly-results}
branch=${NIGHTLY_BRANCH:-nightly-results}
out=${NIGHTLY_OUT:-nightly-out}
host=$(case "$(uname -m)" in x86_64) echo amd64 ;; aarch64) echo arm64 ;; *) uname -m ;; esac)
tarch=${NIGHTLY_ARCH:-$host}
case "$tarch" in
"$host") cross=0 ;;
arm64) cross=1 ;;
*) echo "nightly.sh: NIGHTLY_ARCH '$tarch' is not accepted (accepted: $host, arm64)" >&2; exit 2 ;;
esac
if [ $cross -eq 1 ]; then
	bdir=${CRYPTOSPEED_NIGHTLY_BUILD:-$src/build-nightly-$tarch}
else
	bdir=${CRYPTOSPEED_NIGHTLY_BUILD:-$src/build-nightly}
fi
export CRYPTOSPEED_NIGHTLY_BUILD=$bdir
read -r -a sel <<<"${NIGHTLY_SELECTION:---alg sha256,sha512,aes-128-gcm,chacha20-poly1305 --sizes 16,8192}"
cthr=${NIGHTLY_COUNT_THRESHOLD:-0.5}
repeat=${NIGHTLY_REPEAT:-5}
thr=${NIGHTLY_THRESHOLD:-5}
tgate=${NIGHTLY_TIME_GATE:-}
# the counting profile: x86-64 on x86-64, a Cortex-A72 with the crypto extension on arm64
case "$tarch" in
arm64) ccpu=${NIGHTLY_COUNT_CPU:-cortex-a72} ;;
*) ccpu=${NIGHTLY_COUNT_CPU:-x86-64} ;;
esac
CS=$bdir/bin/cryptospeed
wdopt=()
if [ $cross -eq 1 ]; then
	# another architecture's static workers (libs.sh workers --arch), counted
	# under qemu by this machine's program and plugin; no time lane: times
	# under emulation mean nothing
	CS=$bdir/host/bin/cryptospeed
	wdopt=(--worker-dir "$bdir/bin")
	repeat=0
fi

say() { echo "nightly.sh: $*" >&2; }
bad() { say "$*"; exit 2; }

[[ "$cthr" =~ ^[0-9]+(\.[0-9]+)?$ ]] || bad "NIGHTLY_COUNT_THRESHOLD '$cthr' is not a percentage (e.g. 0.5)"
[[ "$thr" =~ ^[0-9]+(\.[0-9]+)?$ ]] || bad "NIGHTLY_THRESHOLD '$thr' is not a percentage (e.g. 5)"
[[ "$repeat" =~ ^[0-9]+$ ]] || bad "NIGHTLY_REPEAT '$repeat' is not a count (0: no time lane)"
case "$tgate" in "" | hw) ;; *) bad "NIGHTLY_TIME_GATE '$tgate' is not accepted (accepted: hw, or empty: the time lane is reported only)" ;; esac

arch() { echo "$tarch"; }

# ------------------------------------------------------------------ checkout

do_checkout() {
	if [ -d "$dir/.git" ] || [ -f "$dir/.git" ]; then
		say "$dir is already a checkout"
		return 0
	fi
	# the results branch is a worktree of the project's own repository
	git rev-parse --git-dir >/dev/null 2>&1 ||
		bad "'$(pwd)' is not in a git checkout of cryptospeed (accepted: run 'nightly.sh checkout' from a clone)"
	if git fetch --quiet origin "+refs/heads/$branch:refs/remotes/origin/$branch" 2>/dev/null; then
		git worktree add --quiet --detach "$dir" "origin/$branch"
		say "results branch $branch checked out into $dir"
	else
		git worktree add --quiet --detach "$dir"
		git -C "$dir" checkout --quiet --orphan "$branch"
		git -C "$dir" rm -rfq . >/dev/null 2>&1 || true
		say "no results branch $branch yet: a new one in $dir"
	fi
}

# ------------------------------------------------------------------ run

# The watched libraries: NIGHTLY_LIBS or the manifest's repo lines.
watched() {
	if [ -n "${NIGHTLY_LIBS:-}" ]; then
		tr ',' '\n' <<<"$NIGHTLY_LIBS"
	else
		sed -n 's/^repo[[:space:]]\{1,\}\([a-z0-9]\{1,\}\)[[:space:]].*/\1/p' \
			"${CRYPTOSPEED_MANIFEST:-$here/libs.manifest}"
	fi
}

# md_escape TEXT: for a Markdown table cell
md_cell() { sed 's/|/\\|/g' <<<"$1"; }

do_run() {
	local a key libs=() l
	a=$(arch)
	mkdir -p "$out" "$dir"
	rm -f "$out"/*.xml "$out"/*.md "$out/regressed" "$out/rows"
	mapfile -t libs < <(watched)
	[ ${#libs[@]} -gt 0 ] || bad "no library to watch: set NIGHTLY_LIBS or add a 'repo LIB REPO BRANCH [GOOD]' line to the manifest"
	declare -A head=() good=() hname=() gname=() status=() note=() gcommit=() hcommit=()
	local specs=() r repo br pin v LIB c ncfg
	for l in "${libs[@]}"; do
		[[ "$l" =~ ^[a-z0-9]+$ ]] || bad "NIGHTLY_LIBS: '$l' is not a library name"
		read -r repo br pin < <("$LIBS" repo "$l") || bad "libs.sh repo $l failed"
		LIB=$(tr '[:lower:]' '[:upper:]' <<<"$l")
		if [ "$repo" = - ]; then
			if [ -n "${NIGHTLY_LIBS:-}" ]; then
				status[$l]=incomplete
				note[$l]="no repository: set CRYPTOSPEED_REPO_$LIB or the manifest's repo line"
			else
				# watched by default (a manifest repo line) but not configured here
				status[$l]=skipped
				note[$l]="not watched: the manifest's repo line names no repository (set CRYPTOSPEED_REPO_$LIB, the workflow's secret NIGHTLY_REPO_$LIB)"
			fi
			continue
		fi
		[ "$br" != - ] || br=master
		# tonight's head
		if ! c=$("$LIBS" resolve "$l@git:$repo#$br" 2>"$out/$l.resolve.err"); then
			status[$l]=incomplete
			note[$l]=$(tail -n1 "$out/$l.resolve.err" | sed 's/^libs.sh: //')
			continue
		fi
		hcommit[$l]=$c
		# the manifest's `config LIB nightly` when it has one (OpenSSL's
		# minimal worker build), for both sides; else the default
		ncfg=""
		! grep -q "^config[[:space:]]\{1,\}$l[[:space:]]\{1,\}nightly[[:space:]]" \
			"${CRYPTOSPEED_MANIFEST:-$here/libs.manifest}" || ncfg=+nightly
		head[$l]="$l@git:$repo#$c$ncfg"
		# the last good build: a pin, else last night's record, else the manifest's
		v=NIGHTLY_GOOD_$LIB
		if [ -n "${!v:-}" ]; then
			r=${!v}
		elif [ -s "$dir/$a/last-good/$l" ]; then
			r=$(cat "$dir/$a/last-good/$l")
		elif [ "$pin" != - ]; then
			r=$pin
		else
			r=$c
		fi
		if [[ "$r" == "$l@"* ]]; then
			good[$l]=$r
			[[ "$r" == *+* ]] || good[$l]=$r$ncfg
		else
			good[$l]="$l@git:$repo#$r"
			if gc=$("$LIBS" resolve "${good[$l]}" 2>"$out/$l.resolve.err"); then
				gcommit[$l]=$gc
				good[$l]="$l@git:$repo#$gc$ncfg"
			else
				status[$l]=incomplete
				note[$l]="last good build: $(tail -n1 "$out/$l.resolve.err" | sed 's/^libs.sh: //')"
				continue
			fi
		fi
		if [ "${gcommit[$l]:-}" = "$c" ]; then
			status[$l]=same
			note[$l]="tonight's head is the last good build (no new commit): nothing to compare"
			specs+=("${head[$l]}")
			continue
		fi
		specs+=("${good[$l]}" "${head[$l]}")
	done
	# build every side (one configure of the duet's build directory)
	local wout=() line s nm
	if [ ${#specs[@]} -gt 0 ]; then
		say "building ${#specs[@]} libraries and the duet's workers in $bdir"
		# (the builds' progress lines on this stderr, fd 8: the rest in workers.err)
		exec 8>&2
		mapfile -t wout < <(CRYPTOSPEED_PROGRESS_FD=8 CRYPTOSPEED_QUIET_FAILURE=1 "$LIBS" workers "$bdir" "${specs[@]}" --arch "$a" 2>"$out/workers.err" || true)
		exec 8>&-
		if [ ! -x "$CS" ]; then
			say "the duet's build failed: $(tail -n1 "$out/workers.err")"
			for l in "${libs[@]}"; do
				[ -n "${status[$l]:-}" ] || { status[$l]=incomplete; note[$l]="cryptospeed could not be built ($out/workers.err)"; }
			done
		fi
	fi
	declare -A built=()
	for line in "${wout[@]}"; do
		read -r r s nm <<<"$line"
		if [ "$r" = ok ]; then
			built[$s]=$nm
		else
			built[$s]="!$nm"
		fi
	done
	local sels=()
	for l in "${libs[@]}"; do
		if [ "${status[$l]:-}" = same ]; then
			# nothing to compare, but tonight's head must still build
			s=${built[${head[$l]}]:-!not built}
			if [[ "$s" == '!'* ]]; then
				status[$l]=incomplete
				note[$l]="${head[$l]}: ${s#!}"
			fi
			continue
		fi
		[ -z "${status[$l]:-}" ] || continue
		for s in "${good[$l]}" "${head[$l]}"; do
			if [ -z "${built[$s]:-}" ]; then
				status[$l]=incomplete
				note[$l]="$s: not built: $(grep -v '^$' "$out/workers.err" | tail -n1 | sed 's/^libs.sh: //') ($out/workers.err)"
				break
			fi
			if [[ "${built[$s]}" == '!'* ]]; then
				status[$l]=incomplete
				note[$l]="$s: ${built[$s]#!}"
				break
			fi
		done
		[ -z "${status[$l]:-}" ] || continue
		gname[$l]=${built[${good[$l]}]}
		hname[$l]=${built[${head[$l]}]}
		sels+=("=${gname[$l]}" "=${hname[$l]}")
	done
	# the counting lane: the gate
	local rc
	if [ ${#sels[@]} -gt 0 ]; then
		local lsel
		lsel=$(IFS=,; echo "${sels[*]}")
		say "counting ${sels[*]}"
		set +e
		"$CS" run --count --cpu "$ccpu" "${wdopt[@]}" --lib "$lsel" "${sel[@]}" -o "$out/count.json" >"$out/count.txt" 2>"$out/count.err"
		rc=$?
		set -e
		if [ $rc -ne 0 ] && [ $rc -ne 4 ] || [ ! -s "$out/count.json" ]; then
			for l in "${libs[@]}"; do
				[ -n "${status[$l]:-}" ] || { status[$l]=incomplete; note[$l]="run --count exited $rc: $(tail -n1 "$out/count.err") ($out/count.err)"; }
			done
			sels=()
		fi
	fi
	# the conformance lane: both builds through the Wycheproof vectors in one
	# conform run; compare gates on a vector one build passes and the other
	# does not (kind conformance), as on a count change
	local conf=()
	if [ ${#sels[@]} -gt 0 ]; then
		say "conformance ${sels[*]}"
		set +e
		"$CS" conform --lib "$lsel" -o "$out/conform.json" >"$out/conform.txt" 2>"$out/conform.err"
		rc=$?
		set -e
		if [ -s "$out/conform.json" ]; then
			conf=(--conform "$out/conform.json")
		else
			say "the conformance lane wrote no file (exit $rc: $(tail -n1 "$out/conform.err"))"
		fi
	fi
	local cfail=count,hw,status,missing${conf[0]:+,conformance}
	if [ ${#sels[@]} -gt 0 ] && [ "$repeat" -gt 0 ]; then
		say "timing ${sels[*]} (--repeat $repeat)"
		set +e
		"$CS" run --lib "$lsel" "${sel[@]}" --repeat "$repeat" -o "$out/time.json" >"$out/time.txt" 2>"$out/time.err"
		rc=$?
		set -e
		[ $rc -eq 0 ] || [ $rc -eq 4 ] || [ ! -s "$out/time.json" ] || true
		[ -s "$out/time.json" ] || say "the time lane wrote no file (exit $rc: $(tail -n1 "$out/time.err"))"
	fi
	# compare per library
	declare -A crc=() trc=()
	for l in "${libs[@]}"; do
		[ -z "${status[$l]:-}" ] || continue
		set +e
		"$CS" compare "$out/count.json" --base "${gname[$l]}" --new "${hname[$l]}" --count-threshold "$cthr" \
			${conf[@]+"${conf[@]}"} --fail-on "$cfail" --format markdown >"$out/$l.count.md" 2>"$out/$l.count.err"
		crc[$l]=$?
		"$CS" compare "$out/count.json" --base "${gname[$l]}" --new "${hname[$l]}" --count-threshold "$cthr" \
			${conf[@]+"${conf[@]}"} --fail-on "$cfail" --format junit >"$out/junit-$l-count.xml" 2>/dev/null
		"$CS" compare "$out/count.json" --base "${gname[$l]}" --new "${hname[$l]}" --count-threshold "$cthr" \
			${conf[@]+"${conf[@]}"} --fail-on "$cfail" >"$out/$l.count.txt" 2>&1
		trc[$l]=-
		if [ -s "$out/time.json" ]; then
			"$CS" compare "$out/time.json" --base "${gname[$l]}" --new "${hname[$l]}" --threshold "$thr" \
				--fail-on hw --format markdown >"$out/$l.time.md" 2>"$out/$l.time.err"
			trc[$l]=$?
			"$CS" compare "$out/time.json" --base "${gname[$l]}" --new "${hname[$l]}" --threshold "$thr" \
				--fail-on hw --format junit >"$out/junit-$l-time.xml" 2>/dev/null
		fi
		set -e
		case "${crc[$l]}" in
		0) status[$l]=ok ;;
		1) status[$l]=regression ;;
		*) status[$l]=incomplete; note[$l]="compare of the counts exited ${crc[$l]}: $(tail -n1 "$out/$l.count.err")" ;;
		esac
		if [ "${trc[$l]}" = 1 ]; then
			if [ "$tgate" = hw ]; then
				status[$l]=regression
				note[$l]="${note[$l]:+${note[$l]}; }time lane: hw evidence changed"
			else
				note[$l]="${note[$l]:+${note[$l]}; }time lane: hw evidence changed (reported, not gating: NIGHTLY_TIME_GATE=hw)"
			fi
		fi
		if [ "${status[$l]}" = regression ]; then
			echo "$l ${gcommit[$l]:-${good[$l]}} ${hcommit[$l]}" >>"$out/regressed"
		fi
	done
	# records: the last good build, the count history keyed by arch and the
	# features the counted workers saw
	key=""
	if [ -s "$out/count.json" ]; then
		key=$(python3 - "$out/count.json" <<-'PY'
		import hashlib, json, sys
		r = json.load(open(sys.argv[1]))
		c = r.get("counting", {})
		feats = set()
		for lib in r.get("libraries", []):
		    feats.update((lib.get("worker_cpu") or {}).get("features") or [])
		h = hashlib.sha256(" ".join(sorted(feats)).encode()).hexdigest()[:8]
		print("%s-%s" % (c.get("profile") or c.get("cpu") or "count", h))
		PY
		) || key=""
	fi
	local day
	day=$(date -u +%Y-%m-%dT%H%M%SZ)
	for l in "${libs[@]}"; do
		if [ "${status[$l]}" = ok ] || [ "${status[$l]}" = same ]; then
			mkdir -p "$dir/$a/last-good"
			echo "${hcommit[$l]}" >"$dir/$a/last-good/$l"
		fi
		if [ "${status[$l]}" = ok ] || [ "${status[$l]}" = regression ]; then
			if [ -n "$key" ]; then
				mkdir -p "$dir/$a/$key"
				python3 - "$out/count.json" "${hname[$l]}" "$day" "${hcommit[$l]}" >>"$dir/$a/$key/$l.tsv" <<-'PY'
				import json, sys
				r = json.load(open(sys.argv[1]))
				for c in r["cells"]:
				    if c.get("lib") == sys.argv[2] and c.get("count"):
				        print("\t".join([sys.argv[3], sys.argv[4][:12], c["alg"], c.get("path", ""), c["op"],
				                         str(c["size"]), "%.4f" % c["count"]["insns_per_op"]]))
				PY
			fi
		fi
	done
	# the verdict
	local verdict=ok n_reg=0 n_inc=0 n_skip=0
	for l in "${libs[@]}"; do
		case "${status[$l]}" in
		regression) n_reg=$((n_reg + 1)) ;;
		incomplete) n_inc=$((n_inc + 1)) ;;
		skipped) n_skip=$((n_skip + 1)) ;;
		esac
	done
	[ $n_skip -lt ${#libs[@]} ] ||
		bad "no library to watch: none of ${libs[*]} has a repository (set CRYPTOSPEED_REPO_<LIB>, or NIGHTLY_LIBS)"
	[ $n_inc -eq 0 ] || verdict=incomplete
	[ $n_reg -eq 0 ] || verdict=regression
	echo "$verdict" >"$out/status"
	{
		case $verdict in
		ok) echo "## Nightly ($a): ok" ;;
		regression) echo "## Nightly ($a): REGRESSION in $n_reg of $((${#libs[@]} - n_skip)) libraries" ;;
		incomplete) echo "## Nightly ($a): INCOMPLETE ($n_inc of $((${#libs[@]} - n_skip)) libraries not measured)" ;;
		esac
		echo
		if [ $cross -eq 1 ]; then
			echo "Gate: exact instruction counts (run --count --cpu $ccpu), any change of at least $cthr % or an instruction class lost; $a workers cross-built on $host and counted under qemu: no time lane."
		else
			echo "Gate: exact instruction counts (run --count --cpu $ccpu), any change of at least $cthr % or an instruction class lost; time lane: --repeat $repeat, reported$( [ "$tgate" != hw ] || echo "; a changed hw evidence fails")."
		fi
		echo "Selection: \`${sel[*]}\`; history key: \`$a/${key:-none}\`."
		echo
		echo "| library | last good | tonight | counts | time | status |"
		echo "|---|---|---|---|---|---|"
		for l in "${libs[@]}"; do
			local ccell="-" tcell="-"
			if [ -f "$out/$l.count.txt" ]; then
				ccell=$(sed -n 's/^\(count changed ([0-9]*)\).*/\1/p' "$out/$l.count.txt" | head -n1)
				ccell="$ccell of $(sed -n 's/^\([0-9]*\) cells compared on instruction counts.*/\1/p' "$out/$l.count.txt" | head -n1)"
				[ -n "$ccell" ] || ccell="exit ${crc[$l]}"
			fi
			[ "${trc[$l]:--}" = - ] || tcell="exit ${trc[$l]}"
			echo "| $l | $(md_cell "${gname[$l]:-${good[$l]:--}}") | $(md_cell "${hname[$l]:-${hcommit[$l]:--}}") | $ccell | $tcell | ${status[$l]}$( [ -z "${note[$l]:-}" ] || echo ": $(md_cell "${note[$l]}")") |"
		done
		for l in "${libs[@]}"; do
			[ -f "$out/$l.count.md" ] || continue
			echo
			echo "### $l: counts (${gname[$l]} -> ${hname[$l]})"
			echo
			cat "$out/$l.count.md"
			if [ -s "$out/$l.time.md" ]; then
				echo
				echo "<details><summary>$l: time lane</summary>"
				echo
				cat "$out/$l.time.md"
				echo
				echo "</details>"
			fi
		done
	} >"$out/summary.md"
	say "verdict: $verdict (summary: $out/summary.md)"
	case $verdict in
	ok) return 0 ;;
	regression) return 1 ;;
	*) return 3 ;;
	esac
}

# ------------------------------------------------------------------ bisect

do_bisect() {
	local st=0 l g h repo line first
	[ -f "$out/status" ] || bad "no $out/status: run 'nightly.sh run' first"
	case "$(cat "$out/status")" in ok) st=0 ;; regression) st=1 ;; *) st=3 ;; esac
	[ -s "$out/regressed" ] || return $st
	{
		echo
		echo "### Bisect"
		echo
	} >>"$out/summary.md"
	while read -r l g h; do
		if [[ "$g" == *@* ]]; then
			echo "- $l: the last good build is the release $g, not a commit of the repository: pin a commit (NIGHTLY_GOOD_$(tr '[:lower:]' '[:upper:]' <<<"$l")) to bisect" >>"$out/summary.md"
			continue
		fi
		read -r repo _ < <("$LIBS" repo "$l")
		say "bisecting $l ${g:0:12}..${h:0:12}"
		if line=$(CRYPTOSPEED_COUNT_THRESHOLD=$cthr CRYPTOSPEED_BISECT_DIR=$out/bisect-$l \
			"$LIBS" bisect "$l" "$repo#$g" "$repo#$h" --arch "$tarch" -- --cpu "$ccpu" "${sel[@]}" 2>"$out/bisect-$l.log"); then
			first=${line%% *}
			echo "- **$l: first commit whose counts differ: \`${first:0:12}\` ${line#* }** (\`$first\`; between ${g:0:12} and ${h:0:12})" >>"$out/summary.md"
			echo "$l $line" >>"$out/bisected"
		else
			echo "- $l: bisect did not finish: $(tail -n1 "$out/bisect-$l.log" | sed 's/^libs.sh: //') ($out/bisect-$l.log)" >>"$out/summary.md"
		fi
	done <"$out/regressed"
	return $st
}

# ------------------------------------------------------------------ history

do_history() {
	local files=()
	[ -d "$dir/$(arch)" ] || { say "no history in $dir/$(arch) yet"; return 0; }
	mapfile -t files < <(find "$dir/$(arch)" -mindepth 2 -maxdepth 2 -name '*.tsv' | sort)
	[ ${#files[@]} -gt 0 ] || { say "no history in $dir/$(arch) yet"; return 0; }
	mkdir -p "$out"
	{
		echo
		echo "### History of counts ($(arch))"
		echo
		python3 "$here/nightly_history.py" "$out/history" "${files[@]}"
	} >>"$out/summary.md"
}

# ------------------------------------------------------------------ keep

do_keep() {
	[ -d "$dir" ] || bad "no results checkout $dir ('nightly.sh checkout' makes it)"
	cd "$dir"
	git add -A .
	if git diff --cached --quiet; then
		say "nothing new to keep"
		return 0
	fi
	git -c user.name="cryptospeed nightly" -c user.email="nightly@users.noreply.github.com" \
		commit -qm "nightly $(arch) $(date -u +%F)"
	# two runners push to one branch: rebase on a race
	local attempt
	for attempt in 1 2 3; do
		if git push --quiet origin "HEAD:refs/heads/$branch"; then
			say "kept on $branch"
			return 0
		fi
		git pull --quiet --rebase origin "$branch" || true
		sleep $((attempt * 2))
	done
	say "could not push $branch"
	return 1
}

case "${1:-}" in
checkout) do_checkout ;;
run) do_run ;;
bisect) do_bisect ;;
history) do_history ;;
keep) do_keep ;;
*) bad "usage: nightly.sh checkout|run|bisect|history|keep (got '${1:-}')" ;;
esac
