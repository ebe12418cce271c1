#!/usr/bin/env bash
# The MCU lane's build (docs/mcu.md): `make cross ARCH=cortex-m4` runs
#
#   mcu.sh build [BUILD-DIR]   (default build-cortex-m4)
#
# the host packages (scripts/deps.sh --arch cortex-m4: exit 2 naming what is
# missing), the bare-metal libraries from verified sources (scripts/libs.sh
# --arch cortex-m4: CRYPTOSPEED_MCU_LIBS, default below), the MCU workers
# (mcu/, BUILD-DIR/bin/cryptospeed-worker-<lib>@<version>[+<config>].elf) and
# their known-answer tests under qemu-system-arm (ctest -L mcu).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$here/..
jobs=${JOBS:-2}
libs=${CRYPTOSPEED_MCU_LIBS:-"mbedtls@3.6.6+baremetal wolfssl@5.9.2+baremetal wolfssl@5.9.2+cortexm"}

cmd=${1:-}
case "$cmd" in
build) ;;
*) echo "usage: mcu.sh build [BUILD-DIR]" >&2; exit 2 ;;
esac
build=${2:-build-cortex-m4}

bash "$here/deps.sh" --arch cortex-m4
for t in arm-none-eabi-gcc qemu-system-arm; do
	command -v "$t" >/dev/null || {
		echo "mcu.sh: no $t (package ${t/arm-none-eabi-gcc/gcc-arm-none-eabi}): scripts/deps.sh --arch cortex-m4" >&2
		exit 2
	}
done
JOBS=$jobs bash "$here/libs.sh" build jansson@2.14+baremetal --arch cortex-m4
mbedtls=() wolfssl=()
for s in $libs; do
	JOBS=$jobs bash "$here/libs.sh" build "$s" --arch cortex-m4
	p=$(bash "$here/libs.sh" prefix "$s" --arch cortex-m4)
	case "$s" in
	mbedtls@*) mbedtls+=("$p") ;;
	wolfssl@*) wolfssl+=("$p") ;;
	*) echo "mcu.sh: $s: no MCU worker for that library (accepted: mbedtls, wolfssl)" >&2; exit 2 ;;
	esac
done
join() { local IFS=';'; echo "$*"; }
cmake -S "$root/mcu" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/cortex-m4.cmake" \
	-DCRYPTOSPEED_MCU_JANSSON="$(bash "$here/libs.sh" prefix jansson@2.14+baremetal --arch cortex-m4)" \
	-DCRYPTOSPEED_MCU_MBEDTLS="$(join "${mbedtls[@]}")" -DCRYPTOSPEED_MCU_WOLFSSL="$(join "${wolfssl[@]}")"
cmake --build "$build" -j "$jobs"
cd "$build" && ctest -L mcu --output-on-failure -j "$jobs"
