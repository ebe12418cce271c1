#!/usr/bin/env bash
# A local "upstream" git repository made from a verified release tarball, for
# the nightly tests and for trying a git build without the network
# (docs/nightly.md, "How to add a library"):
#
#   make_upstream.sh TARBALL DIR [--drop FILE]...
#
# DIR/ gets a repository on branch master with two commits, both with fixed
# authors and dates (so their ids, and the builds cached by commit, repeat):
#   C0 the release tree, tagged `release`;
#   C1 "a harmless change": a line added to a file no build reads, and each
#      --drop FILE removed (e.g. --drop configure: the tree as a development
#      branch has it, which the build must bootstrap).
# A submodule of the release (a path of its .gitmodules that the tarball
# holds as files, e.g. mbedTLS's framework/) becomes its own repository,
# DIR.PATH.git beside DIR (one commit), and a gitlink in DIR whose
# .gitmodules URL is relative (../NAME.PATH.git), as git resolves it against
# DIR. Prints "C0 C1" (the two commit ids). Exit 2 on bad input.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: make_upstream.sh TARBALL DIR [--drop FILE]..." >&2; exit 2; }
tarball=$1 dir=$2
shift 2
drops=()
while [ $# -gt 0 ]; do
	case "$1" in
	--drop) [ $# -ge 2 ] || { echo "make_upstream.sh: --drop needs a file" >&2; exit 2; }; drops+=("$2"); shift 2 ;;
	*) echo "make_upstream.sh: unexpected '$1' (accepted: --drop FILE)" >&2; exit 2 ;;
	esac
done
[ -r "$tarball" ] || { echo "make_upstream.sh: cannot read the tarball '$tarball'" >&2; exit 2; }
[ ! -e "$dir" ] || { echo "make_upstream.sh: '$dir' exists: give a new directory" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
tar -xf "$tarball" -C "$dir" --strip-components=1

commit() { # REPO DATE MESSAGE
	GIT_AUTHOR_DATE="$2" GIT_COMMITTER_DATE="$2" git -C "$1" -c user.name=upstream \
		-c user.email=upstream@example.invalid -c commit.gpgsign=false commit -q -m "$3"
}

git -C "$dir" init -q -b master
git -C "$dir" add -f -A . # (the tarball's files, ignored ones too: a release carries generated files)
# the release's own submodules, as repositories of their own
if [ -f "$dir/.gitmodules" ]; then
	while read -r key path; do
		name=${key#submodule.}
		name=${name%.path}
		[ -d "$dir/$path" ] || continue
		sub=$dir.${path//\//-}.git
		rm -rf "$sub"
		git -C "$dir" rm -r -q --cached -- "$path"
		mv "$dir/$path" "$sub"
		mkdir "$dir/$path" # (as an uninitialised submodule is)
		git -C "$sub" init -q -b main
		git -C "$sub" add -f -A .
		commit "$sub" 2026-01-01T00:00:00Z "$path of the release"
		git -C "$dir" config -f .gitmodules "submodule.$name.url" "../${dir##*/}.${path//\//-}.git"
		git -C "$dir" update-index --add --cacheinfo "160000,$(git -C "$sub" rev-parse HEAD),$path"
		git -C "$dir" add .gitmodules
	done < <(git config -f "$dir/.gitmodules" --get-regexp '^submodule\..*\.path$')
fi
commit "$dir" 2026-01-01T00:00:00Z "the release"
git -C "$dir" tag release
c0=$(git -C "$dir" rev-parse HEAD)
echo "a line that changes no code" >>"$dir/.nightly-upstream-note"
git -C "$dir" add .nightly-upstream-note
for f in "${drops[@]}"; do
	git -C "$dir" rm -q -- "$f"
done
commit "$dir" 2026-01-02T00:00:00Z "a harmless change"
c1=$(git -C "$dir" rev-parse HEAD)
echo "$c0 $c1"
