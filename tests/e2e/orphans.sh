# No worker outlives its orchestrator: SIGKILL the orchestrator while a noop
# worker hangs in a sample (CRYPTOSPEED_FAULT=hang, which also leaves a child
# that hangs), and neither the worker nor its child may remain. Then the same
# through a launcher that forks (sh -c), whose worker is a grandchild.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)

# alive PID: the process exists and is not a zombie
alive() {
	local st
	st=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
	case $st in Z*) return 1 ;; esac
}

# the processes below PID, recursively
descendants() {
	local c
	for c in $(pgrep -P "$1"); do
		echo "$c"
		descendants "$c"
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
	[ -z "$left" ] || { ps -o pid,ppid,pgid,stat,args -p "${left# }"; kill -KILL $left;
		fail "$what: left behind:$left"; }
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
