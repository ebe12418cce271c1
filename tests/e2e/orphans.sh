# No worker outlives its orchestrator: SIGKILL the orchestrator while a noop
# worker hangs in a sample (CRYPTOSPEED_FAULT=hang, which also leaves a child
# that hangs), and neither the worker nor its child may remain. Then the same
# through a launcher that forks (sh -c), whose worker is a grandchild.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)

# (from /proc, so nothing beyond bash is needed)
# alive PID: the process exists and is not a zombie
alive() {
	local line
	read -r line 2>/dev/null <"/proc/$1/stat" || return 1
	line=${line##*) }
	case ${line%% *} in Z | X) return 1 ;; esac
}

# the processes below PID, recursively
descendants() {
	local f line pid rest
	for f in /proc/[0-9]*/stat; do
		read -r line 2>/dev/null <"$f" || continue
		pid=${line%% *}
		rest=${line##*) }
		rest=${rest#* }
		if [ "${rest%% *}" = "$1" ]; then
			echo "$pid"
			descendants "$pid"
		fi
	done
}

check() {
	local what=$1
	shift
	CRYPTOSPEED_FAULT=hang:sha256 "$CS" run --quick --lib noop --alg sha256 --sizes 64 \
		--timeout 60 --no-evidence "$@" >"$d/out.txt" 2>"$d/err.txt" &
	local orch=$! procs="" i
	# wait for the hang: the worker's child is there (at most 20 s)
	for i in $(seq 200); do
		procs=$(descendants $orch)
		[ "$(echo "$procs" | grep -c .)" -ge "$want" ] && break
		sleep 0.1
	done
	[ "$(echo "$procs" | grep -c .)" -ge "$want" ] ||
		{ kill -KILL $orch; fail "$what: the hang did not start ($procs)"; }
	kill -KILL $orch
	wait $orch 2>/dev/null
	# every one of them gone within 5 s
	for i in $(seq 50); do
		left=""
		for p in $procs; do alive "$p" && left="$left $p"; done
		[ -z "$left" ] && break
		sleep 0.1
	done
	if [ -n "$left" ]; then
		for p in $left; do echo "$p: $(tr '\0' ' ' <"/proc/$p/cmdline")"; done
		kill -KILL $left
		fail "$what: left behind:$left"
	fi
	echo "ok: $what: $(echo $procs | wc -w) processes ended with the orchestrator"
}

# the worker and its hanging child
want=2 check "worker"
# sh, the worker it forks, and the worker's child
launcher=$d/forking-launcher
printf '#!/bin/sh\n"$@"\necho done\n' >"$launcher"
chmod +x "$launcher"
want=3 check "forking launcher" --launcher "$launcher"
echo ok
