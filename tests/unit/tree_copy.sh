# Shared by add_alg.sh and add_format.sh (sourced): fail, a scratch directory
# removed on exit, and tree_copy SRC [TAR-EXCLUDES...]: the sources as they are
# (committed or not, no build trees, no .git) copied into $tree.
fail() {
	echo "FAIL: $*"
	exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tree=$tmp/src
tree_copy() {
	local src=$1
	shift
	mkdir -p "$tree"
	tar -C "$src" --exclude='./build*' --exclude=./.git "$@" -cf - . |
		tar -C "$tree" -xf - || fail "cannot copy $src"
}
