#!/usr/bin/env bash
# The MCU lane's launcher (docs/mcu.md), installed as cryptospeed-mcu-launch:
# run --count --board BOARD starts each MCU worker as
#
#   cryptospeed-mcu-launch MACHINE PLUGIN COSTS WORKER [--mask none]
#
# which runs the worker image on qemu-system-arm's MACHINE with semihosting
# (its stdin/stdout/stderr are this process's) and the counting plugin
# PLUGIN (core/count/mcu_plugin.c) with the cost table COSTS. The counters
# file the plugin writes and the worker reads is a fresh temporary file,
# removed when qemu ends. The exit status is the worker's (3: it faulted).
set -uo pipefail
if [ $# -lt 4 ]; then
	echo "cryptospeed-mcu-launch: usage: MACHINE PLUGIN COSTS WORKER [--mask none]" >&2
	exit 2
fi
machine=$1 plugin=$2 costs=$3 worker=$4
shift 4
if [ $# -ge 2 ] && [ "$1" = --mask ]; then
	if [ "$2" != none ]; then
		echo "cryptospeed-mcu-launch: --mask $2: an MCU worker has no masks (accepted: none)" >&2
		exit 2
	fi
	shift 2
fi
for f in "$plugin" "$costs" "$worker"; do
	case "$f" in *,* | *' '*)
		echo "cryptospeed-mcu-launch: '$f' has a comma or a blank (accepted: paths without them)" >&2
		exit 2 ;;
	esac
done
counters=$(mktemp "${TMPDIR:-/tmp}/cryptospeed-mcu.XXXXXX") || exit 1
trap 'rm -f "$counters"' EXIT
trap 'exit 143' TERM INT HUP
qemu-system-arm -M "$machine" -nographic -monitor none -serial none \
	-semihosting-config enable=on,target=native \
	-plugin "$plugin,out=$counters,costs=$costs" \
	-kernel "$worker" -append "--counters $counters $*"
