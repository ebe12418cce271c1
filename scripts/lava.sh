#!/usr/bin/env bash
# Board farms through LAVA (docs/arm-boards.md, "A LAVA lab"): a selection and
# a board become a LAVA job definition that deploys the static bundle
# (`make cross`), runs `cryptospeed run` on the board, reports each cell as a
# LAVA test case and returns the result file on the console; the returned file
# is imported beside the board's other runs.
#
#   lava.sh bundle [--arch A] [--build DIR] -o FILE.tar.gz
#       the static programs of `make cross` (DIR: build-aarch64 for arm64,
#       build-armhf for armhf) and the cell reporter, as one tarball
#   lava.sh job --board NAME [--device-type TYPE] [--arch A] [--bundle-url URL]
#       [--kernel URL --ramdisk URL [--dtb URL]] [--pmu auto|off|on]
#       [--count [--cpu PROFILE]] [--timeout MIN] [-o FILE] [-- RUN-OPTIONS...]
#       the job definition (YAML); RUN-OPTIONS is the selection given to
#       `cryptospeed run` on the board (--lib, --alg, --sizes, --quick, ...)
#   lava.sh initramfs --bundle FILE [--arch A] [--busybox PATH] [--job JOB] -o FILE.cpio.gz
#       a root file system for the QEMU device type: Debian's static busybox
#       and the bundle under /opt/cryptospeed (with --job: also an /init that
#       runs the job's test shell without LAVA, the fallback of `lava.sh qemu`)
#   lava.sh device [--arch A] [-o FILE]
#       the rendered device dictionary of the QEMU device type for lava-run
#   lava.sh qemu --job JOB --bundle FILE [--timeout SEC] -o LOG
#       the job's test shell under qemu-system-aarch64 directly (no LAVA):
#       the console log, with LAVA's test case signals, into LOG
#   lava.sh fetch LOG -o FILE
#       the result file the job printed (a lava-run log or a console log)
#   lava.sh cases LOG
#       the job's test cases as "NAME RESULT [MEASUREMENT UNITS]" lines
#   lava.sh import LOG --board NAME [--arch A] [--dest DIR] [--cryptospeed PROG]
#       fetch, check (the program decodes it), and keep it as
#       DEST/<board>-<arch>-lava.json (default DEST: results/measured)
#
# Environment: CRYPTOSPEED_LAVA_ASSETS, the arm64 kernel and busybox unpacked
# from Debian's packages (default /opt/cryptospeed-lava-arm64; scripts/deps.sh
# --test makes it). Bad input: one line naming it, exit 2.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
assets=${CRYPTOSPEED_LAVA_ASSETS:-/opt/cryptospeed-lava-arm64}
BEGIN_MARK=CRYPTOSPEED-RESULT-BEGIN
END_MARK=CRYPTOSPEED-RESULT-END

say() { echo "lava.sh: $*" >&2; }
bad() { say "$*"; exit 2; }
die() { say "$*"; exit 1; }

# The one check of every value that reaches the job's YAML or the board's
# shell: a word of these characters needs no quoting in either language.
word() { # WHAT VALUE [EXTRA-CHARS]
	local re='^[A-Za-z0-9._,:=+@/-]+$'
	[[ "$2" =~ $re ]] || bad "$1 '$2' is not accepted (accepted: letters, digits and . _ , : = + @ / -)"
	printf '%s' "$2"
}

arch_of() {
	case "$1" in
	arm64) echo aarch64 ;;
	armhf) echo armhf ;;
	*) bad "--arch '$1' is not accepted (accepted: arm64, armhf)" ;;
	esac
}

# ------------------------------------------------------------------ bundle

# The cell reporter the job runs on the board: one lava-test-case per cell of
# the result file (cryptospeed's own CSV report; busybox awk suffices).
cases_script() {
	cat <<'EOF'
#!/bin/sh
# lava-cases.sh CRYPTOSPEED RESULT: one LAVA test case per cell (scripts/lava.sh)
cs=$1 file=$2
"$cs" report "$file" --format csv >/tmp/cs-cells.csv || exit 1
awk -F, 'NR > 1 {
	name = $1 "." $3 "." $5 "." $6 "." $7
	gsub(/[^A-Za-z0-9._-]/, "_", name)
	r = ($8 == "ok") ? "pass" : ($8 == "unavailable" || $8 == "unsupported") ? "skip" : "fail"
	if (r == "pass" && $13 != "")
		print name, r, $13, "ns/op"
	else
		print name, r
}' /tmp/cs-cells.csv | while read -r name r m u; do
	if [ -n "$m" ]; then
		lava-test-case "$name" --result "$r" --measurement "$m" --units "$u"
	else
		lava-test-case "$name" --result "$r"
	fi
done
EOF
}

do_bundle() {
	local arch=arm64 build="" out=""
	while [ $# -gt 0 ]; do
		case "$1" in
		--arch) arch=${2:?}; shift 2 ;;
		--build) build=${2:?}; shift 2 ;;
		-o) out=${2:?}; shift 2 ;;
		*) bad "bundle: unknown argument '$1' (accepted: --arch, --build, -o)" ;;
		esac
	done
	[ -n "$out" ] || bad "bundle: -o FILE is required"
	local m
	m=$(arch_of "$arch")
	[ -n "$build" ] || build=$src/build-$m
	[ -x "$build/bin/cryptospeed" ] || die "no $build/bin/cryptospeed: run make cross${arch:+ ARCH=$arch} first"
	local t
	t=$(mktemp -d)
	mkdir -p "$t/cryptospeed/bin"
	cp "$build/bin/cryptospeed" "$build"/bin/cryptospeed-worker-* "$t/cryptospeed/bin/" 2>/dev/null ||
		die "no workers in $build/bin"
	cases_script >"$t/cryptospeed/lava-cases.sh"
	chmod +x "$t/cryptospeed/lava-cases.sh"
	if ! tar -czf "$out.tmp" -C "$t" cryptospeed; then
		rm -rf "$t" "$out.tmp"
		die "cannot write $out"
	fi
	mv "$out.tmp" "$out"
	rm -rf "$t"
	say "bundle $out: $(find "$build/bin" -maxdepth 1 -name 'cryptospeed-worker-*' | wc -l) workers for $arch"
}

# ------------------------------------------------------------------ job

do_job() {
	local board="" dtype=qemu arch=arm64 url="" kernel="" ramdisk="" dtb="" pmu=auto
	local count=0 cpu="" timeout=30 out="" run=()
	while [ $# -gt 0 ]; do
		case "$1" in
		--board) board=$(word --board "${2:?}"); shift 2 ;;
		--device-type) dtype=$(word --device-type "${2:?}"); shift 2 ;;
		--arch) arch=${2:?}; arch_of "$arch" >/dev/null; shift 2 ;;
		--bundle-url) url=$(word --bundle-url "${2:?}"); shift 2 ;;
		--kernel) kernel=$(word --kernel "${2:?}"); shift 2 ;;
		--ramdisk) ramdisk=$(word --ramdisk "${2:?}"); shift 2 ;;
		--dtb) dtb=$(word --dtb "${2:?}"); shift 2 ;;
		--pmu)
			case "${2:?}" in auto | off | on) pmu=$2 ;; *) bad "--pmu '$2' is not accepted (accepted: auto, off, on)" ;; esac
			shift 2
			;;
		--count) count=1; shift ;;
		--cpu) cpu=$(word --cpu "${2:?}"); shift 2 ;;
		--timeout)
			[[ "${2:?}" =~ ^[1-9][0-9]{0,3}$ ]] || bad "--timeout '$2' is not accepted (accepted: minutes, 1..9999)"
			timeout=$2
			shift 2
			;;
		-o) out=${2:?}; shift 2 ;;
		--) shift; break ;;
		*) bad "job: unknown argument '$1' (accepted: --board, --device-type, --arch, --bundle-url, --kernel, --ramdisk, --dtb, --pmu, --count, --cpu, --timeout, -o, -- RUN-OPTIONS)" ;;
		esac
	done
	[ -n "$board" ] || bad "job: --board NAME is required"
	local a
	for a in "$@"; do
		word "run option" "$a" >/dev/null
		case "$a" in -o | --output* | --format* | --label*) bad "run option '$a' is the job's own (accepted: the selection: --lib, --alg, --sizes, --quick, ...)" ;; esac
		run+=("$a")
	done
	if [ "$dtype" = qemu ]; then
		[ -n "$kernel" ] || kernel=file://$assets/vmlinuz
		[ -n "$ramdisk" ] || ramdisk=file://$assets/cryptospeed.cpio.gz
	else
		[ -n "$kernel" ] && [ -n "$ramdisk" ] ||
			bad "job: --device-type $dtype needs --kernel URL and --ramdisk URL (a U-Boot board booted over TFTP; docs/arm-boards.md)"
	fi
	[ $count -eq 1 ] || [ -z "$cpu" ] || bad "--cpu without --count (accepted: --count --cpu PROFILE)"
	local mode=(--pmu="$pmu")
	if [ $count -eq 1 ]; then
		mode=(--count)
		[ -z "$cpu" ] || mode+=(--cpu "$cpu")
	fi
	local m file
	m=$(arch_of "$arch")
	file=$board-$m.json
	{
		cat <<EOF
# cryptospeed on $board ($arch), made by scripts/lava.sh job
device_type: $dtype
job_name: cryptospeed $board $m
timeouts:
  job:
    minutes: $timeout
  action:
    minutes: $timeout
  connection:
    minutes: 2
priority: medium
visibility: public
metadata:
  cryptospeed.board: $board
  cryptospeed.arch: $arch
  cryptospeed.result: $file
EOF
		if [ "$dtype" = qemu ]; then
			cat <<EOF
context:
  arch: $([ "$arch" = arm64 ] && echo arm64 || echo arm)
  guestfs_interface: virtio
actions:
- deploy:
    to: tmpfs
    timeout:
      minutes: 5
    images:
      kernel:
        image_arg: -kernel {kernel} -append "console=ttyAMA0 rdinit=/init"
        url: $kernel
      ramdisk:
        image_arg: -initrd {ramdisk}
        url: $ramdisk
        compression: gz
    os: oe
- boot:
    method: qemu
    media: tmpfs
    timeout:
      minutes: 5
    prompts:
    - '/ # '
EOF
		else
			cat <<EOF
actions:
- deploy:
    to: tftp
    timeout:
      minutes: 10
    kernel:
      url: $kernel
    ramdisk:
      url: $ramdisk
      compression: gz
EOF
			[ -z "$dtb" ] || printf '    dtb:\n      url: %s\n' "$dtb"
			cat <<EOF
    os: oe
- boot:
    method: u-boot
    commands: ramdisk
    timeout:
      minutes: 10
    prompts:
    - '/ # '
EOF
		fi
		cat <<EOF
- test:
    timeout:
      minutes: $timeout
    definitions:
    - from: inline
      name: cryptospeed
      path: inline/cryptospeed.yaml
      repository:
        metadata:
          format: Lava-Test Test Definition 1.0
          name: cryptospeed
          description: cryptospeed run on $board
        run:
          steps:
          - CS=/opt/cryptospeed; [ -x \$CS/bin/cryptospeed ] || CS=/tmp/cs/cryptospeed
EOF
		if [ -n "$url" ]; then
			cat <<EOF
          - if [ ! -x \$CS/bin/cryptospeed ]; then mkdir -p /tmp/cs; (wget -q -O - $url || curl -fsSL $url) | tar -xzf - -C /tmp/cs; fi
EOF
		fi
		cat <<EOF
          - lava-test-case bundle --shell test -x \$CS/bin/cryptospeed
          - \$CS/bin/cryptospeed run ${run[*]} ${mode[*]} --label $board -o /tmp/$file && RUN=pass || RUN=fail
          - lava-test-case run --result \$RUN
          - sh \$CS/lava-cases.sh \$CS/bin/cryptospeed /tmp/$file || lava-test-case cells --result fail
          - echo $BEGIN_MARK $file; gzip -c /tmp/$file | base64; echo $END_MARK
          - lava-test-case result-file --shell test -s /tmp/$file
EOF
	} >"${out:-/dev/stdout}"
	[ -z "$out" ] || say "job $out: $board ($dtype, $arch): cryptospeed run ${run[*]} ${mode[*]}"
}

# ------------------------------------------------------------------ QEMU device

need_assets() {
	[ -f "$assets/vmlinuz" ] && [ -x "$assets/bin/busybox" ] ||
		die "no arm64 kernel and busybox in $assets (bash scripts/deps.sh --test unpacks them from Debian's packages)"
}

do_initramfs() {
	local bundle="" out="" busybox="" job="" arch=arm64
	while [ $# -gt 0 ]; do
		case "$1" in
		--bundle) bundle=${2:?}; shift 2 ;;
		--busybox) busybox=${2:?}; shift 2 ;;
		--job) job=${2:?}; shift 2 ;;
		--arch) arch=${2:?}; arch_of "$arch" >/dev/null; shift 2 ;;
		-o) out=${2:?}; shift 2 ;;
		*) bad "initramfs: unknown argument '$1' (accepted: --bundle, --busybox, --job, --arch, -o)" ;;
		esac
	done
	[ -n "$bundle" ] && [ -n "$out" ] || bad "initramfs: --bundle FILE and -o FILE are required"
	out=$(realpath -m -- "$out")
	if [ -z "$busybox" ]; then
		need_assets
		busybox=$assets/bin/busybox
	fi
	local t
	t=$(mktemp -d)
	mkdir -p "$t"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,opt,root,etc}
	cp "$busybox" "$t/bin/busybox"
	local ap
	for ap in sh ash mount umount mkdir cat echo ls gzip gunzip base64 awk sed grep tar wget \
		test sleep poweroff reboot halt uname cp mv rm chmod ln sync dmesg tr head tail cut sort \
		wc env find xargs ps kill date hostname id basename dirname true false printf readlink \
		stat mktemp od expr seq tee touch which setsid cttyhack ip ifconfig udhcpc cpio; do
		ln -s busybox "$t/bin/$ap"
	done
	tar -xzf "$bundle" -C "$t/opt"
	printf 'root:x:0:0:root:/root:/bin/sh\n' >"$t/etc/passwd"
	if [ -n "$job" ]; then
		# the fallback: the job's test shell run by /init, LAVA's test case
		# signal printed by a lava-test-case of our own
		python3 - "$job" >"$t/lava-steps.sh" <<'PY'
import sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
for a in job["actions"]:
    for d in a.get("test", {}).get("definitions", []):
        for s in d["repository"]["run"]["steps"]:
            print(s)
PY
		cat >"$t/usr/bin/lava-test-case" <<'EOF'
#!/bin/sh
# LAVA's lava-test-case, as its signal on the console (scripts/lava.sh qemu)
name=$1; shift; result= meas= units=
while [ $# -gt 0 ]; do
	case "$1" in
	--result) result=$2; shift 2 ;;
	--measurement) meas=$2; shift 2 ;;
	--units) units=$2; shift 2 ;;
	--shell) shift; if "$@"; then result=pass; else result=fail; fi; break ;;
	*) shift ;;
	esac
done
echo "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=$name RESULT=$result${meas:+ MEASUREMENT=$meas}${units:+ UNITS=$units}>"
EOF
		chmod +x "$t/usr/bin/lava-test-case"
		cat >"$t/init" <<'EOF'
#!/bin/sh
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev 2>/dev/null
mount -t tmpfs tmp /tmp
echo "cryptospeed-init: $(uname -m), $(grep -c ^processor /proc/cpuinfo) CPU"
cd /tmp && sh /lava-steps.sh
echo "cryptospeed-init: done"
sync; poweroff -f
EOF
		chmod +x "$t/init"
	else
		# LAVA's boot: a root shell on the console (prompt "/ # ")
		cat >"$t/init" <<'EOF'
#!/bin/sh
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev 2>/dev/null
mount -t tmpfs tmp /tmp
echo "cryptospeed initramfs: a shell on the console"
exec setsid cttyhack sh -l
EOF
		chmod +x "$t/init"
	fi
	if ! (cd "$t" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -n >"$out.tmp"); then
		rm -rf "$t" "$out.tmp"
		die "cannot write $out"
	fi
	mv "$out.tmp" "$out"
	rm -rf "$t"
	say "initramfs $out ($(du -k "$out" | cut -f1) KiB)"
}

qemu_cmd() { # the QEMU device: its command line without the images
	echo "qemu-system-aarch64 -machine virt -cpu cortex-a57 -m 1024 -smp 1 -nographic -no-reboot"
}

do_device() {
	local out=""
	while [ $# -gt 0 ]; do
		case "$1" in
		-o) out=${2:?}; shift 2 ;;
		--arch) [ "${2:?}" = arm64 ] || bad "device: --arch '$2' is not accepted (accepted: arm64)"; shift 2 ;;
		*) bad "device: unknown argument '$1' (accepted: --arch, -o)" ;;
		esac
	done
	cat >"${out:-/dev/stdout}" <<EOF
# The QEMU device type as lava-run reads it (a rendered device dictionary:
# what lava-server makes of qemu.jinja2 for one device), scripts/lava.sh device
device_type: qemu
constants:
  shutdown-message: "reboot: Restarting system"
  kernel-start-message: "Linux version [0-9]"
  default-shell-prompt: "lava-test: # "
  failure_retry: 1
  boot_retry: 1
  spawn_maxread: 4092
  posix:
    lava_test_sh_cmd: /bin/sh
    lava_test_results_dir: /lava-%s
    lava_test_shell_file: ~/.bashrc
available_architectures:
- arm64
actions:
  deploy:
    methods:
      image:
        parameters:
          guest:
            size: 512
            interface: virtio
      tmpfs:
  boot:
    connections:
      serial:
    methods:
      qemu:
        parameters:
          command: qemu-system-aarch64
          options:
          - -machine virt
          - -cpu cortex-a57
          - -m 1024
          - -smp 1
          - -nographic
          - -no-reboot
          guest:
            size: 512
            interface: virtio
            driveid: lavatest
timeouts:
  actions:
    apply-overlay-image:
      minutes: 2
    dd-image:
      minutes: 10
    download-retry:
      minutes: 5
    http-download:
      minutes: 5
    lava-test-shell:
      minutes: 3
    nfs-deploy:
      minutes: 10
    power-off:
      seconds: 10
    bootloader-commands:
      minutes: 3
    bootloader-interrupt:
      seconds: 30
    u-boot-interrupt:
      seconds: 30
    umount-retry:
      seconds: 45
    auto-login-action:
      minutes: 2
    bootloader-action:
      minutes: 3
    uboot-action:
      minutes: 3
    uboot-commands:
      minutes: 3
    bootloader-retry:
      minutes: 3
    boot-qemu-image:
      minutes: 2
    boot-image-retry:
      minutes: 2
  connections:
    dd-image:
      minutes: 10
    uboot-commands:
      seconds: 30
    bootloader-commands:
      seconds: 30
    auto-login-action:
      minutes: 2
    bootloader-interrupt:
      seconds: 30
    u-boot-interrupt:
      seconds: 30
    lava-test-shell:
      seconds: 10
EOF
}

do_qemu() {
	local job="" bundle="" out="" timeout=1800
	while [ $# -gt 0 ]; do
		case "$1" in
		--job) job=${2:?}; shift 2 ;;
		--bundle) bundle=${2:?}; shift 2 ;;
		--timeout)
			[[ "${2:?}" =~ ^[1-9][0-9]{0,4}$ ]] || bad "--timeout '$2' is not accepted (accepted: seconds, 1..99999)"
			timeout=$2
			shift 2
			;;
		-o) out=${2:?}; shift 2 ;;
		*) bad "qemu: unknown argument '$1' (accepted: --job, --bundle, --timeout, -o)" ;;
		esac
	done
	[ -n "$job" ] && [ -n "$bundle" ] && [ -n "$out" ] || bad "qemu: --job, --bundle and -o are required"
	need_assets
	command -v qemu-system-aarch64 >/dev/null || die "no qemu-system-aarch64 (apt-get install qemu-system-arm)"
	local t
	t=$(mktemp -d)
	do_initramfs --bundle "$bundle" --job "$job" -o "$t/initramfs.cpio.gz"
	local rc=0
	# shellcheck disable=SC2046
	timeout "$timeout" $(qemu_cmd) -kernel "$assets/vmlinuz" -initrd "$t/initramfs.cpio.gz" \
		-append "console=ttyAMA0 rdinit=/init quiet" </dev/null >"$out" 2>&1 || rc=$?
	rm -rf "$t"
	[ $rc -eq 0 ] || die "qemu-system-aarch64 exited $rc (124: the $timeout s timeout); the console: $out"
	grep -q 'cryptospeed-init: done' "$out" || die "the test shell did not finish; the console: $out"
}

# ------------------------------------------------------------------ results

# The console text of a log: a lava-run log (YAML lines, the board's output
# as `msg` of level target) or a plain console log.
console_of() {
	python3 - "$1" <<'PY'
import json, sys
# lava-run's stdout: one mapping a line; a LAVA server's log (lavacli jobs
# logs --raw, output.yaml): the same as a YAML list ("- {...}"); the
# board's output is each "target" line's msg
lines = open(sys.argv[1], encoding="utf-8", errors="replace").read().splitlines()
lava = [l[2:] if l.startswith("- {") else l for l in lines if l.startswith(("{\"dt\"", "- {"))]
if lava and len(lava) * 2 >= len(lines):
    for l in lava:
        try:
            e = json.loads(l)
        except ValueError:
            # LAVA's logs are YAML flow mappings, double-quoted: JSON but for
            # YAML's own escapes (\x1b, \e ...)
            try:
                import yaml
                e = yaml.safe_load(l)
            except Exception:
                continue
        if isinstance(e, dict) and e.get("lvl") in ("target", "feedback") and isinstance(e.get("msg"), str):
            print(e["msg"])
else:
    for l in lines:
        print(l)
PY
}

do_fetch() {
	local log=${1:-} out=""
	[ -n "$log" ] || bad "fetch: LOG is required"
	shift
	[ "${1:-}" = -o ] && [ -n "${2:-}" ] || bad "fetch: -o FILE is required"
	out=$2
	[ -r "$log" ] || bad "fetch: cannot read '$log'"
	local n
	n=$(console_of "$log" | tr -d '\r' | grep -c "^$BEGIN_MARK ") || true
	[ "$n" = 1 ] || die "$log holds $n result files (want 1: the job printed none, or the log is cut)"
	console_of "$log" | tr -d '\r' | sed -n "/^$BEGIN_MARK /,/^$END_MARK\$/p" | sed '1d;$d' |
		base64 -d 2>/dev/null | gzip -dc >"$out.tmp" 2>/dev/null ||
		{ rm -f "$out.tmp"; die "$log: the result file between $BEGIN_MARK and $END_MARK does not decode"; }
	mv "$out.tmp" "$out"
}

do_cases() {
	local log=${1:?LOG}
	console_of "$log" | tr -d '\r' |
		sed -n 's/.*<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=\([^ >]*\) RESULT=\([a-z]*\)\( MEASUREMENT=\([^ >]*\)\)\{0,1\}\( UNITS=\([^ >]*\)\)\{0,1\}>.*/\1 \2 \4 \6/p' |
		sed 's/ *$//'
}

do_import() {
	local log=${1:-} board="" arch=arm64 dest=$src/results/measured cs=""
	[ -n "$log" ] || bad "import: LOG is required"
	shift
	while [ $# -gt 0 ]; do
		case "$1" in
		--board) board=$(word --board "${2:?}"); shift 2 ;;
		--arch) arch=${2:?}; arch_of "$arch" >/dev/null; shift 2 ;;
		--dest) dest=${2:?}; shift 2 ;;
		--cryptospeed) cs=${2:?}; shift 2 ;;
		*) bad "import: unknown argument '$1' (accepted: --board, --arch, --dest, --cryptospeed)" ;;
		esac
	done
	[ -n "$board" ] || bad "import: --board NAME is required"
	[ -n "$cs" ] || cs=$(command -v cryptospeed || echo "$src/build/bin/cryptospeed")
	[ -x "$cs" ] || die "no cryptospeed program to check the file with (--cryptospeed PROG)"
	mkdir -p "$dest"
	local f
	f=$dest/$board-$(arch_of "$arch")-lava.json
	do_fetch "$log" -o "$f.new"
	# the program decodes and checks every field: a file it refuses is not kept
	if ! "$cs" report "$f.new" --format text >/dev/null 2>"$f.err"; then
		rm -f "$f.new"
		die "the returned file is not a result file: $(head -n1 "$f.err")"
	fi
	rm -f "$f.err"
	mv "$f.new" "$f"
	echo "$f"
}

main() {
	local cmd=${1:-}
	[ $# -gt 0 ] && shift
	case "$cmd" in
	bundle) do_bundle "$@" ;;
	job) do_job "$@" ;;
	initramfs) do_initramfs "$@" ;;
	device) do_device "$@" ;;
	qemu) do_qemu "$@" ;;
	fetch) do_fetch "$@" ;;
	cases) do_cases "$@" ;;
	import) do_import "$@" ;;
	*) bad "unknown command '$cmd' (accepted: bundle, job, initramfs, device, qemu, fetch, cases, import)" ;;
	esac
}

# (one line: bash has read all of it before it runs, so an edit of this file
# during a job's run cannot change what the running command does next)
main "$@"; exit $?
