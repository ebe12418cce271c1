# One machine, two checkouts: two `make cross` sysroot preparations at once
# (scripts/deps.sh --arch arm64 into one CRYPTOSPEED_SYSROOT) both succeed,
# the second waiting for the first, and the sysroot appears whole: every
# package unpacked once, absolute links pointed inside it, nothing half
# made left beside it. apt-get is a stand-in that makes a tiny .deb per
# package (a little slowly, so the two runs overlap): no network; 41 s at load 13.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
[ "$(id -u)" -eq 0 ] || skip "deps.sh prepares a sysroot as root only"
command -v dpkg-deb >/dev/null && command -v flock >/dev/null || skip "no dpkg-deb or flock"
d=$(tmpdir)
mkdir -p "$d/bin"
cat >"$d/bin/apt-get" <<'SH'
#!/bin/bash
# the stand-in: update and install do nothing (slowly), download makes debs
cmd=
pkgs=()
while [ $# -gt 0 ]; do
	case "$1" in
	-o) shift 2; continue ;;
	-*) ;;
	update | install | download) cmd=$1 ;;
	*) pkgs+=("$1") ;;
	esac
	shift
done
sleep 0.5
[ "$cmd" = download ] || exit 0
for p in "${pkgs[@]}"; do
	r=$(mktemp -d)
	mkdir -p "$r/DEBIAN" "$r/usr/include" "$r/usr/lib"
	printf 'Package: %s\nVersion: 1\nArchitecture: arm64\nMaintainer: t <t@t>\nDescription: t\n' \
		"$p" >"$r/DEBIAN/control"
	echo "/* $p */" >"$r/usr/include/$p.h"
	ln -s "/usr/include/$p.h" "$r/usr/lib/$p.link"
	dpkg-deb -Znone -b --root-owner-group "$r" "${p}_1_arm64.deb" >/dev/null || exit 100
	rm -rf "$r"
	sleep 0.05
done
SH
chmod +x "$d/bin/apt-get"
root=$d/sysroot
for i in 1 2; do
	PATH=$d/bin:$PATH CRYPTOSPEED_SYSROOT=$root bash "$src/scripts/deps.sh" --arch arm64 \
		>"$d/$i.log" 2>&1 &
	eval "p$i=$!"
done
wait "$p1" || fail "the first preparation failed beside the second: $(tail -3 "$d/1.log")"
wait "$p2" || fail "the second preparation failed beside the first: $(tail -3 "$d/2.log")"
marker=$root/.cryptospeed-sysroot
[ -f "$marker" ] || fail "no sysroot marker"
[ "$(sort "$marker" | uniq -d | wc -l)" -eq 0 ] ||
	fail "packages unpacked twice (both preparations ran): $(sort "$marker" | uniq -d | head -3)"
n=$(wc -l <"$marker")
[ "$n" -ge 10 ] || fail "only $n packages in the marker"
while read -r p; do
	[ -f "$root/usr/include/$p.h" ] || fail "$p listed but not unpacked"
	[ "$(readlink "$root/usr/lib/$p.link")" = "$root/usr/include/$p.h" ] ||
		fail "$p: its absolute link is not pointed into the sysroot"
done <"$marker"
[ -e "$root.new" ] && fail "a half-made sysroot left beside it"
[ -e "$root.apt" ] && fail "the private apt state left beside it"
# a third run finds it complete: nothing to do
PATH=$d/bin:$PATH CRYPTOSPEED_SYSROOT=$root bash "$src/scripts/deps.sh" --arch arm64 \
	>"$d/3.log" 2>&1 || fail "a third run: $(tail -3 "$d/3.log")"
grep -q "packages" "$d/3.log" && grep -q "arm64 packages" "$d/3.log" && fail "a third run unpacked again"
echo "ok: two sysroot preparations at once, $n packages unpacked once"
