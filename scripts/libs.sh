#!/usr/bin/env bash
# Build crypto library versions from source, for cryptospeed's root workers
# (CRYPTOSPEED_<LIB>_ROOTS, docs/versions.md).
#
#   libs.sh build LIB@VERSION[+CONFIG] [--arch amd64|arm64|armhf|cortex-m4] [--force]
#   libs.sh build LIB@git:[REPO#]REF[+CONFIG] [...]   from a git repository
#   libs.sh tree LIB@git:[REPO#]REF DIR                the source tree a git build configures
#   libs.sh prefix LIB@VERSION[+CONFIG] [--arch ...]   the install prefix (for CMake)
#   libs.sh resolve LIB@git:[REPO#]REF                 the commit REF names (40 hex)
#   libs.sh name LIB@git:[REPO#]REF[+CONFIG]           the build's name (lib@gCOMMIT12+config)
#   libs.sh bisect LIB GOOD BAD [--arch ...] -- SELECTION...   the first commit whose counts differ
#   libs.sh source LIB@VERSION                         the verified tarball's path
#   libs.sh list [--arch ...]                           what the manifest offers, what is built
#   libs.sh versions [BUILD-DIR]   `make versions`: build the manifest's set
#                                  "versions", a cryptospeed build dir with them
#                                  as roots, and one interleaved matrix over all
#
# The recipes are in scripts/libs.manifest (CRYPTOSPEED_MANIFEST names another).
# A build goes into $XDG_CACHE_HOME/cryptospeed/libs/LIB@VERSION+CONFIG-ARCH
# (+NAME for a manifest 'patch' line's build: its patch file applied with
# `patch -p1` to the verified source before the build)
# (default ~/.cache/...) and is reused: a second build of it does nothing.
# The source tarball comes from, in order: $CRYPTOSPEED_SOURCES/FILE, the
# upstream URL (short connect timeout), Debian's source package of the suite
# that carries the version (apt-get source, from the mirror this machine's apt
# uses, with a private apt state). Its SHA-256 must match the manifest.
#
# A git build (LIB@git:REF, docs/versions.md "From git"): REPO is a URL or a
# local path, or else the manifest's `repo LIB REPO BRANCH` line; REF a
# branch, a tag or a commit. The repository is mirrored into
# $XDG_CACHE_HOME/cryptospeed/git/, REF resolved to its commit, that commit's
# tree exported (git archive) and built as a tarball is; the build is named
# LIB@g<first 12 hex of the commit>+CONFIG and cached by commit.
#
# Exit status: 0 done, 1 failed (no source, hash mismatch, build error: an
# existing prefix is left as it was), 2 bad input.
set -euo pipefail
set -f # manifest fields are words, never file patterns ('*' = every architecture)

here=$(cd "$(dirname "$0")" && pwd)
manifest=${CRYPTOSPEED_MANIFEST:-$here/libs.manifest}
if [ -n "${XDG_CACHE_HOME:-}" ]; then
	cache=$XDG_CACHE_HOME/cryptospeed
elif [ -n "${HOME:-}" ]; then
	cache=$HOME/.cache/cryptospeed
else
	echo "libs.sh: neither XDG_CACHE_HOME nor HOME is set: set one of them (built libraries are kept in \$XDG_CACHE_HOME/cryptospeed, default \$HOME/.cache/cryptospeed)" >&2
	exit 2
fi
jobs=${JOBS:-2}
connect_timeout=${CRYPTOSPEED_CONNECT_TIMEOUT:-5}
# Debian suites searched for source packages, oldest first.
suites=(bullseye bookworm trixie forky sid)
arches="amd64, arm64, armhf, cortex-m4"

say() { echo "libs.sh: $*" >&2; }
die() { say "$*"; exit 1; }
bad() { say "$*"; exit 2; }

usage() {
	cat >&2 <<-EOF
	usage: libs.sh build LIB@VERSION[+CONFIG] [--arch amd64|arm64|armhf|cortex-m4] [--force]
	       libs.sh build LIB@git:[REPO#]REF[+CONFIG] [--arch ...] [--force]
	       libs.sh tree LIB@git:[REPO#]REF DIR
	       libs.sh prefix LIB@VERSION[+CONFIG] [--arch amd64|arm64|armhf|cortex-m4]
	       libs.sh resolve LIB@git:[REPO#]REF
	       libs.sh name LIB@git:[REPO#]REF[+CONFIG]
	       libs.sh bisect LIB GOOD BAD [--config CONFIG] [--arch ...] -- RUN-SELECTION...
	       libs.sh source LIB@VERSION
	       libs.sh list [--arch amd64|arm64|armhf|cortex-m4]
	       libs.sh versions [BUILD-DIR]
	       libs.sh workers BUILD-DIR SPEC... [--arch ...]
	EOF
	exit 2
}

# ------------------------------------------------------------------ manifest

[ -r "$manifest" ] || die "cannot read the manifest '$manifest'"
src_lines=()	# "lib version file sha256 debsrc url"
cfg_lines=()	# "lib config arches options..."
set_lines=()	# "name specs..."
patch_lines=()	# "lib@version+name file [config]"
repo_lines=()	# "lib repo branch [good]"
# A line with fewer fields than its kind needs is refused here, naming the
# line and the missing fields, never later as bash's "unbound variable".
manifest_line=0
need_fields() {
	local got=$1 want=$2 what=$3
	[ "$got" -ge "$want" ] ||
		bad "$manifest:$manifest_line: a '$kind' line needs $want fields after '$kind' ($what), got $got"
}
while read -r kind rest; do
	manifest_line=$((manifest_line + 1))
	read -r -a fields <<<"$rest" # (not `set --`: that would replace the command line)
	case "$kind" in
	"" | \#*) ;;
	source) need_fields ${#fields[@]} 6 "lib version file sha256 debsrc url"; src_lines+=("$rest") ;;
	config) need_fields ${#fields[@]} 3 "lib config arches [options...]"; cfg_lines+=("$rest") ;;
	set) need_fields ${#fields[@]} 2 "name spec [spec...]"; set_lines+=("$rest") ;;
	patch) need_fields ${#fields[@]} 2 "lib@version+name file [config]"; patch_lines+=("$rest") ;;
	repo) need_fields ${#fields[@]} 3 "lib repo branch [good]"; repo_lines+=("$rest") ;;
	*) bad "$manifest:$manifest_line: unknown line kind '$kind' (accepted: source, config, set, patch, repo)" ;;
	esac
done <"$manifest"

joined() { local IFS=,; echo "$*" | sed 's/,/, /g'; }

known_libs() {
	local l out=()
	for l in "${src_lines[@]}"; do
		set -- $l
		[[ " ${out[*]} " == *" $1 "* ]] || out+=("$1")
	done
	joined "${out[@]}"
}

# The source line of lib@version, or nothing.
source_of() {
	local l
	for l in "${src_lines[@]}"; do
		set -- $l
		if [ "$1" = "$lib" ] && [ "$2" = "$version" ]; then
			echo "$l"
			return
		fi
	done
}

# The configurations of $lib that apply to $arch (one a line: "config options...").
configs_of() {
	local l a
	for l in "${cfg_lines[@]}"; do
		set -- $l
		[ "$1" = "$lib" ] || continue
		for a in ${3//,/ }; do
			if [ "$a" = "*" ] || [ "$a" = "$arch" ]; then
				echo "$2 ${*:4}"
				break
			fi
		done
	done
}

host_arch() {
	case "$(uname -m)" in
	x86_64) echo amd64 ;;
	aarch64) echo arm64 ;;
	armv7l | armv8l) echo armhf ;;
	*) uname -m ;;
	esac
}

# ------------------------------------------------------------------ git

# The repository and branch of $lib: CRYPTOSPEED_REPO_<LIB> (and
# CRYPTOSPEED_BRANCH_<LIB>), else the manifest's `repo` line. Sets
# repo_default, branch_default, good_default (empty when none).
repo_of() {
	local l LIB v
	repo_default="" branch_default="" good_default=""
	for l in "${repo_lines[@]}"; do
		set -- $l
		if [ "$1" = "$lib" ]; then
			repo_default=${2#-} branch_default=$3 good_default=${4:-}
		fi
	done
	LIB=$(echo "$lib" | tr a-z A-Z)
	v=CRYPTOSPEED_REPO_$LIB
	[ -z "${!v:-}" ] || repo_default=${!v}
	v=CRYPTOSPEED_BRANCH_$LIB
	[ -z "${!v:-}" ] || branch_default=${!v}
	return 0
}

# The configuration's options of $lib for $arch into options; bad input exits 2.
pick_config() {
	local c rest names=() found=0
	options=""
	while read -r c rest; do
		[ -n "$c" ] || continue
		names+=("$c")
		if [ "$c" = "$config" ]; then
			found=1
			options=$rest
		fi
	done < <(configs_of)
	[ $found -eq 1 ] || bad "unknown configuration '$config' of $lib for $arch (accepted: $(joined "${names[@]}"))"
}

# Mirror $repo into the cache (a bare `git clone --mirror`, fetched again on
# every use) and resolve $ref there. Sets mirror and commit. An unreachable
# repository or a ref it does not have exits 1 with one line; a commit the
# mirror already holds is built even when the fetch failed (said so).
git_resolve() {
	command -v git >/dev/null || die "$lib@git:$ref needs git (apt-get install git)"
	[ -d "$repo" ] && repo=$(cd "$repo" && pwd)
	local key log fetched=1
	key=$(printf '%s' "$repo" | sha256sum | cut -c1-16)
	mkdir -p "$cache/git"
	mirror=$cache/git/$lib-$key.git
	log=$cache/git/$lib-$key.log
	exec 7>"$mirror.lock"
	flock 7
	if [ ! -d "$mirror" ]; then
		rm -rf "$mirror.new"
		if ! GIT_TERMINAL_PROMPT=0 git clone --quiet --mirror -- "$repo" "$mirror.new" >"$log" 2>&1; then
			rm -rf "$mirror.new"
			die "cannot reach the repository '$repo' of $lib: $(grep -v '^$' "$log" | tail -n1) (log: $log)"
		fi
		mv "$mirror.new" "$mirror"
	elif ! GIT_TERMINAL_PROMPT=0 git -C "$mirror" fetch --quiet --prune origin >"$log" 2>&1; then
		fetched=0
	fi
	commit=$(git -C "$mirror" rev-parse --verify --quiet "$ref^{commit}" 2>/dev/null) || commit=""
	if [ $fetched -eq 0 ]; then
		# a branch or tag may have moved upstream: only a full commit id is trusted
		if [[ "$commit" =~ ^[0-9a-f]{40}$ ]] && [[ "$ref" =~ ^[0-9a-f]{40}$ ]]; then
			say "cannot fetch '$repo' ($(grep -v '^$' "$log" | tail -n1)); commit $ref is in the cache's mirror: using it"
		else
			die "cannot reach the repository '$repo' of $lib: $(grep -v '^$' "$log" | tail -n1) (log: $log)"
		fi
	fi
	if [ -z "$commit" ]; then
		local heads
		heads=$(git -C "$mirror" for-each-ref --format='%(refname:short)' --count=8 refs/heads refs/tags | tr '\n' ' ')
		die "no branch, tag or commit '$ref' in the repository '$repo' of $lib (it has: ${heads% })"
	fi
	exec 7>&-
}

# The URL of a submodule whose .gitmodules says $2, in the repository $1:
# a relative URL (./X, ../X) is resolved against the repository, as git does.
sub_url() {
	local base=$1 url=$2
	case "$url" in
	./* | ../*) ;;
	*) echo "$url"; return ;;
	esac
	base=${base%/}
	while :; do
		case "$url" in
		./*) url=${url#./} ;;
		../*) url=${url#../}; base=${base%/*} ;;
		*) break ;;
		esac
	done
	echo "$base/$url"
}

# export_tree MIRROR COMMIT DEST REPO: COMMIT's tree into DEST (git archive),
# and the tree of every submodule it names (.gitmodules, a gitlink at that
# path) into its path, recursively: git archive leaves submodules out.
# Each submodule's repository is mirrored into the cache as the library's is
# (fetched when its commit is not there yet); a git `url.X.insteadOf`
# setting redirects an absolute URL (e.g. to a local copy). Prints one line
# per submodule, "PATH COMMIT URL", for the build's record.
export_tree() {
	local m=$1 c=$2 dest=$3 base=$4 key path url sc sm log
	git -C "$m" archive --format=tar "$c" | tar -xf - -C "$dest"
	git -C "$m" cat-file -e "$c:.gitmodules" 2>/dev/null || return 0
	while read -r key path; do
		key=${key#submodule.}
		key=${key%.path}
		sc=$(git -C "$m" ls-tree "$c" -- "$path" | awk '$2 == "commit" { print $3 }')
		[ -n "$sc" ] || continue # a path that is no gitlink at this commit
		url=$(git -C "$m" config --blob "$c:.gitmodules" --get "submodule.$key.url") ||
			{ echo "submodule $path: no url in .gitmodules" >&2; return 1; }
		url=$(sub_url "$base" "$url")
		sm=$cache/git/$lib-sub-$(printf '%s' "$url" | sha256sum | cut -c1-16).git
		log=$sm.log
		if [ ! -d "$sm" ]; then
			GIT_TERMINAL_PROMPT=0 git clone --quiet --mirror -- "$url" "$sm" >"$log" 2>&1 ||
				{ rm -rf "$sm"; echo "submodule $path: cannot reach '$url': $(tail -n1 "$log")" >&2; return 1; }
		elif ! git -C "$sm" cat-file -e "$sc^{commit}" 2>/dev/null; then
			GIT_TERMINAL_PROMPT=0 git -C "$sm" fetch --quiet --prune origin >"$log" 2>&1 || true
		fi
		git -C "$sm" cat-file -e "$sc^{commit}" 2>/dev/null ||
			{ echo "submodule $path: commit $sc is not in '$url'" >&2; return 1; }
		mkdir -p "$dest/$path"
		echo "$path $sc $url"
		export_tree "$sm" "$sc" "$dest/$path" "$url"
	done < <(git -C "$m" config --blob "$c:.gitmodules" --get-regexp '^submodule\..*\.path$')
}

# Parse LIB@git:[REPO#]REF[+CONFIG]: as parse_spec, plus repo, ref, commit,
# mirror; version is g<12 hex>. Resolving fetches (exit 1 when it cannot).
parse_git_spec() {
	local spec=$1
	if [[ ! "$spec" =~ ^([a-z0-9]+)@git:(([^#[:space:]]+)#)?([^#+[:space:]]+)(\+([a-z0-9]+))?$ ]]; then
		bad "'$spec' is not LIB@git:[REPO#]REF[+CONFIG] (REPO a URL or a path, REF a branch, tag or commit; e.g. nettle@git:/src/nettle#master)"
	fi
	lib=${BASH_REMATCH[1]}
	repo=${BASH_REMATCH[3]}
	ref=${BASH_REMATCH[4]}
	config=${BASH_REMATCH[6]:-default}
	[ -n "$(configs_of)" ] || bad "unknown library '$lib' (accepted: $(known_libs))"
	repo_of
	[ -n "$repo" ] || repo=$repo_default
	[ -n "$repo" ] || bad "no repository for $lib: name one (LIB@git:REPO#REF), or set CRYPTOSPEED_REPO_$(echo "$lib" | tr a-z A-Z), or add a manifest line 'repo $lib REPO BRANCH'"
	pick_config
	patch_name="" patch_file="" patch_sha256="" label=$config
	git_resolve
	git=1
	version=g${commit:0:12}
	file="git archive of $commit" sha256="" where="$repo ($ref)"
	name=$lib@$version+$label
	prefix=$cache/libs/$name-$arch
}

# Parse LIB@VERSION[+CONFIG] into lib, version, config, options, and the
# manifest's file, sha256, debsrc, url. Bad input exits 2.
parse_spec() {
	local spec=$1
	git=0 repo="" ref="" commit=""
	if [[ "$spec" == *@git:* ]]; then
		parse_git_spec "$spec"
		return
	fi
	# a version is a name, never a path: letters, digits, '.', '_', '-',
	# starting with a letter or digit (no '/', no '..')
	if [[ ! "$spec" =~ ^([a-z0-9]+)@([A-Za-z0-9][A-Za-z0-9._-]*)(\+([a-z0-9]+))?$ ]] ||
		[[ "$spec" == *..* ]]; then
		bad "'$spec' is not LIB@VERSION[+CONFIG] (e.g. wolfssl@5.7.2+asm: VERSION is letters, digits, '.', '_', '-'; libraries: $(known_libs))"
	fi
	lib=${BASH_REMATCH[1]}
	version=${BASH_REMATCH[2]}
	config=${BASH_REMATCH[4]:-default}
	local l vs=()
	for l in "${src_lines[@]}"; do
		set -- $l
		[ "$1" = "$lib" ] && vs+=("$1@$2")
	done
	[ ${#vs[@]} -gt 0 ] || bad "unknown library '$lib' (accepted: $(known_libs))"
	local s
	s=$(source_of)
	[ -n "$s" ] || bad "unknown version '$lib@$version' (accepted: $(joined "${vs[@]}"))"
	set -- $s
	file=$3 sha256=$4 debsrc=$5 url=$6
	# a patch line's name: that build's patch on its configuration
	local pl
	patch_name="" patch_file="" patch_sha256="" label=$config
	for pl in "${patch_lines[@]}"; do
		set -- $pl
		if [ "$1" = "$lib@$version+$config" ]; then
			patch_name=$config
			patch_file=$2
			config=${3:-default}
		fi
	done
	if [ -n "$patch_name" ]; then
		# a patch is a file of this repository: a relative path inside it
		local top real
		top=$(cd "$here/.." && pwd -P)
		real=$(realpath -m -- "$top/$patch_file" 2>/dev/null || true)
		if [[ "$patch_file" == /* ]] || [[ "/$patch_file/" == */../* ]] ||
			[[ "$real" != "$top"/* ]]; then
			bad "$manifest: patch of $lib@$version+$patch_name: '$patch_file' is outside the repository (accepted: a path relative to $top, inside it)"
		fi
		[ -r "$here/../$patch_file" ] ||
			bad "$lib@$version+$patch_name: cannot read its patch file '$patch_file' (a path relative to the repository)"
		patch_sha256=$(sha_of "$here/../$patch_file")
	fi
	local c names=() found=0
	options=""
	while read -r c rest; do
		[ -n "$c" ] || continue
		names+=("$c")
		if [ "$c" = "$config" ]; then
			found=1
			options=$rest
		fi
	done < <(configs_of)
	for pl in "${patch_lines[@]}"; do
		set -- $pl
		[[ "$1" == "$lib@$version+"* ]] && names+=("${1##*+} (patch)")
	done
	[ $found -eq 1 ] || bad "unknown configuration '$config' of $lib for $arch (accepted: $(joined "${names[@]}"))"
	name=$lib@$version+$label
	prefix=$cache/libs/$name-$arch
}

# ------------------------------------------------------------------ sources

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

# The mirror this machine's apt uses for the main archive (not -security).
apt_mirror() {
	local f
	set +f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		awk 'BEGIN { RS = ""; FS = "\n" }
		{ uri = ""; suites = ""
		  for (i = 1; i <= NF; i++) {
			if ($i ~ /^URIs:/) { split($i, a, /[ \t]+/); uri = a[2] }
			if ($i ~ /^Suites:/) suites = $i
		  }
		  if (uri != "" && suites !~ /security/) { print uri; exit } }' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -r "$f" ] || continue
		awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) while (i <= NF && $i !~ /\]$/) i++;
			if ($2 ~ /^\[/) i++; if ($(i + 1) !~ /security/) { print $i; exit } }' "$f"
	done
}

# A private apt state that lists the Debian source packages of every suite.
apt_opts=()
apt_setup() {
	local state=$cache/apt mirror
	mirror=$(apt_mirror | head -n1)
	[ -n "$mirror" ] || return 1
	mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
	# the private state is shared by every libs.sh of this cache (apt's own
	# locking is off for it): one user at a time, held until this one exits
	exec 5>"$state/.lock"
	flock 5
	: >"$state/sources.list.new"
	local s
	for s in "${suites[@]}"; do
		# every Debian key the keyring package holds (the newer suites' too)
		if [ -r /usr/share/keyrings/debian-archive-keyring.gpg ]; then
			echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $s main"
		else
			echo "deb-src $mirror $s main"
		fi >>"$state/sources.list.new"
	done
	apt_opts=(-o "Dir::Etc::SourceList=$state/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache"
		-o Dir::State::Status=/dev/null -o Debug::NoLocking=1 -o Acquire::Languages=none
		-o APT::Sandbox::User=root -o Acquire::Check-Valid-Until=false)
	# (Valid-Until: a mirror that is a dated snapshot serves testing/unstable
	# Release files past their date; the signatures are still checked, and
	# every tarball is checked against the manifest's SHA-256 anyway)
	# refresh the lists when the mirror changed or they are a day old
	if ! cmp -s "$state/sources.list.new" "$state/sources.list" ||
		[ -z "$(find "$state/lists" -maxdepth 1 -name '*Sources*' -mtime -1 2>/dev/null | head -n1)" ]; then
		mv "$state/sources.list.new" "$state/sources.list"
		say "listing Debian's source packages ($mirror: ${suites[*]})"
		apt-get "${apt_opts[@]}" update -q >"$state/update.log" 2>&1 || true
	fi
	[ -n "$(find "$state/lists" -maxdepth 1 -name '*Sources*' 2>/dev/null | head -n1)" ]
}

# Debian's source package $debsrc whose upstream version is $version: its
# .orig tarball, into $1. Returns 1 when no suite has it.
fetch_debian() {
	local dest=$1 v up dir got
	command -v apt-get >/dev/null && command -v apt-cache >/dev/null || return 1
	apt_setup || return 1
	dir=$(mktemp -d "$cache/work/apt.XXXXXX")
	while read -r v; do
		up=${v#*:}
		up=${up%-*}
		[ "$up" = "$version" ] || continue
		# (the .orig tarball is what counts: a mirror that lost the .dsc or
		# the Debian tarball of a version still serves it; its SHA-256 is
		# checked against the manifest's in any case)
		(cd "$dir" && apt-get "${apt_opts[@]}" source --download-only -q "$debsrc=$v") \
			>>"$dir/log" 2>&1 || true
		if :; then
			got=$(find "$dir" -maxdepth 1 -name "*.orig.tar.*" ! -name "*.asc" | head -n1)
			if [ -n "$got" ]; then
				mv "$got" "$dest"
				where="Debian source package $debsrc $v"
				rm -rf "$dir"
				return 0
			fi
		fi
	done < <(apt-cache "${apt_opts[@]}" showsrc "$debsrc" 2>/dev/null | sed -n 's/^Version: //p' | sort -u)
	rm -rf "$dir"
	return 1
}

# Fetch $file into the source cache and check its SHA-256. Sets $tarball.
fetch() {
	tarball=$cache/sources/$file
	mkdir -p "$cache/sources" "$cache/work"
	# one fetch of a source file at a time: two configurations of one version
	# (wolfssl@5.7.2+asm and +default) built at once share the tarball
	exec 8>"$cache/sources/.$file.lock"
	if ! flock -n 8; then
		say "$file is being fetched by another libs.sh: waiting"
		flock 8
	fi
	local dl
	dl=$(mktemp "$cache/work/$file.XXXXXX.part")
	where=""
	if [ -f "$tarball" ]; then
		cp "$tarball" "$dl"
		where="the source cache ($tarball)"
	elif [ -n "${CRYPTOSPEED_SOURCES:-}" ] && [ -f "$CRYPTOSPEED_SOURCES/$file" ]; then
		cp "$CRYPTOSPEED_SOURCES/$file" "$dl"
		where="CRYPTOSPEED_SOURCES ($CRYPTOSPEED_SOURCES/$file)"
	elif command -v curl >/dev/null &&
		curl -fsSL --connect-timeout "$connect_timeout" --max-time 1800 -o "$dl" "$url" 2>/dev/null; then
		where="$url"
	elif fetch_debian "$dl"; then
		:
	else
		rm -f "$dl"
		die "no source for $lib@$version: not in CRYPTOSPEED_SOURCES (${CRYPTOSPEED_SOURCES:-unset}), not at $url, and no Debian source package '$debsrc' of version $version (suites ${suites[*]}) on this machine's mirror"
	fi
	local got
	got=$(sha_of "$dl")
	if [ "$got" != "$sha256" ]; then
		mkdir -p "$cache/rejected"
		local kept
		kept=$cache/rejected/$file.$(date -u +%Y%m%dT%H%M%SZ)
		mv "$dl" "$kept"
		die "SHA-256 mismatch for $file from $where: $got, the manifest says $sha256; refused (kept as $kept), nothing built or installed"
	fi
	[ "$dl" = "$tarball" ] || mv "$dl" "$tarball"
	say "$file: SHA-256 ok, from $where"
	exec 8>&-
}

# ------------------------------------------------------------------ recipes
# Each runs in the unpacked source tree and installs into $stage$prefix
# (DESTDIR), so that a failed build never touches $prefix.

cross_env() {
	triplet=""
	case "$arch" in
	arm64) triplet=aarch64-linux-gnu ;;
	armhf) triplet=arm-linux-gnueabihf ;;
	cortex-m4) triplet=arm-none-eabi ;; # bare metal (docs/mcu.md)
	esac
	if [ "$arch" != "$(host_arch)" ]; then
		[ -n "$triplet" ] || die "cannot cross-compile for $arch from $(host_arch)"
		command -v "$triplet-gcc" >/dev/null ||
			die "no $triplet-gcc for --arch $arch (scripts/deps.sh --arch $arch installs it)"
		cross=1
	else
		cross=0
		triplet=""
	fi
}

build_openssl() {
	unset CC # Configure's --cross-compile-prefix names the compiler
	local target
	case "$arch" in
	amd64) target=linux-x86_64 ;;
	arm64) target=linux-aarch64 ;;
	armhf) target=linux-armv4 ;;
	esac
	local args=("$target" "--prefix=$prefix" "--openssldir=$prefix/ssl" --libdir=lib no-tests)
	# cross builds are for static programs (make cross): the archive only
	if [ $cross -eq 1 ]; then
		args+=("--cross-compile-prefix=$triplet-" no-shared)
	else
		args+=(shared)
	fi
	# shellcheck disable=SC2086
	perl ./Configure "${args[@]}" $options
	make -j"$jobs" build_libs
	make install_dev DESTDIR="$stage"
}

# The tree's own bootstrap, run before a build (and by `libs.sh tree`): a git
# tree of an autotools library has no ./configure yet. Nettle's is made by
# .bootstrap, the others' by autogen.sh; libsodium's with -s (without it, a
# tree without configure is left as it is) and -b (keep the tree's
# config.guess and config.sub: nothing is downloaded).
bootstrap_tree() {
	case "$lib" in
	openssl | mbedtls) return 0 ;;
	esac
	[ ! -x configure ] || return 0
	if [ -x .bootstrap ]; then
		./.bootstrap
	elif [ "$lib" = sodium ]; then
		DO_NOT_UPDATE_CONFIG_SCRIPTS=1 ./autogen.sh -s -b
	else
		./autogen.sh
	fi
	[ -x configure ] || { echo "the tree's bootstrap made no ./configure" >&2; return 1; }
}

build_autotools() {
	bootstrap_tree
	local args=("--prefix=$prefix" "--libdir=$prefix/lib")
	if [ $cross -eq 1 ]; then
		args+=("--host=$triplet" --disable-shared --enable-static)
	fi
	# shellcheck disable=SC2086
	./configure "${args[@]}" "$@" $options
	make -j"$jobs"
	make install DESTDIR="$stage"
}

build_wolfssl() {
	if [ "$arch" = cortex-m4 ]; then
		build_wolfssl_baremetal
		return
	fi
	build_autotools --disable-examples --disable-crypttests --disable-benchmark
}

# wolfSSL bare metal (docs/mcu.md): no configure for arm-none-eabi; the
# library's C files (and for an assembly configuration its Thumb-2 files)
# compiled with mcu/wolfssl/user_settings.h and the manifest line's options
# as compiler flags, into lib/libwolfssl.a; the settings file is installed
# beside the headers.
build_wolfssl_baremetal() {
	local flags=(-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -O2
		-ffunction-sections -fdata-sections -DWOLFSSL_USER_SETTINGS
		-I"$here/../mcu/wolfssl" -I.) f srcs=() o objs=()
	# shellcheck disable=SC2206
	flags+=($options)
	set +f
	for f in wolfcrypt/src/*.c src/*.c; do
		case "$f" in
		*/sp_*.c) ;; # the SP backends: the one the options name, below
		*) srcs+=("$f") ;;
		esac
	done
	if [[ " $options " == *" -DWOLFSSL_SP_ARM_CORTEX_M_ASM "* ]]; then
		srcs+=(wolfcrypt/src/sp_cortexm.c wolfcrypt/src/sp_int.c)
	else
		srcs+=(wolfcrypt/src/sp_c32.c wolfcrypt/src/sp_int.c)
	fi
	if [[ " $options " == *" -DWOLFSSL_ARMASM "* ]]; then
		srcs+=(wolfcrypt/src/port/arm/thumb2-*.S)
	fi
	set -f
	mkdir -p _obj
	for f in "${srcs[@]}"; do
		o=_obj/$(echo "$f" | tr / _).o
		objs+=("$o")
		echo "arm-none-eabi-gcc ${flags[*]} -c $f -o $o"
	done >_obj/cmds
	# $jobs compilers at a time
	xargs -P "$jobs" -I{} sh -c '{}' <_obj/cmds
	rm -f _obj/libwolfssl.a
	arm-none-eabi-ar rcs _obj/libwolfssl.a "${objs[@]}"
	mkdir -p "$stage$prefix/lib" "$stage$prefix/include"
	cp _obj/libwolfssl.a "$stage$prefix/lib/"
	cp -r wolfssl "$stage$prefix/include/"
	cp "$here/../mcu/wolfssl/user_settings.h" "$stage$prefix/include/"
	printf '%s\n' "$options" >"$stage$prefix/include/cs_wolfssl_flags"
}

build_nettle() {
	build_autotools --disable-documentation --disable-openssl
}

# jansson (the MCU workers' protocol JSON only: docs/mcu.md): its CMake build,
# static, with the bare-metal toolchain.
build_jansson() {
	local args=(-DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib
		-DCMAKE_BUILD_TYPE=Release -DJANSSON_BUILD_DOCS=OFF -DJANSSON_EXAMPLES=OFF
		-DJANSSON_WITHOUT_TESTS=ON -DJANSSON_BUILD_SHARED_LIBS=OFF)
	[ "$arch" != cortex-m4 ] ||
		args+=(-DCMAKE_TOOLCHAIN_FILE="$here/../cmake/toolchains/cortex-m4.cmake")
	cmake -S . -B _build "${args[@]}"
	cmake --build _build -j"$jobs"
	DESTDIR="$stage" cmake --install _build
}

build_sodium() {
	build_autotools --disable-dependency-tracking
}

build_mbedtls() {
	local o
	for o in $options; do
		case "$o" in
		+*) python3 scripts/config.py set "${o#+}" ;;
		-*) python3 scripts/config.py unset "${o#-}" ;;
		esac
	done
	# a release (and its tag) carries the generated sources; a development
	# branch does not: its build generates them (python3 with jinja2 and
	# jsonschema, perl), as upstream's GEN_FILES=ON does
	local gen=OFF
	if [ ! -f library/error.c ]; then
		gen=ON
		python3 -c 'import jinja2, jsonschema' || {
			echo "this mbedTLS tree has no generated sources (library/error.c): generating them needs python3's jinja2 and jsonschema (apt-get install python3-jinja2 python3-jsonschema)" >&2
			return 1
		}
	fi
	local args=(-DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib
		-DCMAKE_BUILD_TYPE=Release -DENABLE_TESTING=OFF -DENABLE_PROGRAMS=OFF "-DGEN_FILES=$gen"
		-DUSE_STATIC_MBEDTLS_LIBRARY=ON)
	if [ "$arch" = cortex-m4 ]; then
		# bare metal: the MCU toolchain (newlib + rdimon), static only
		args+=(-DUSE_SHARED_MBEDTLS_LIBRARY=OFF
			-DCMAKE_TOOLCHAIN_FILE="$here/../cmake/toolchains/cortex-m4.cmake")
	elif [ $cross -eq 1 ]; then
		args+=(-DUSE_SHARED_MBEDTLS_LIBRARY=OFF -DCMAKE_SYSTEM_NAME=Linux
			-DCMAKE_C_COMPILER="$triplet-gcc")
	else
		args+=(-DUSE_SHARED_MBEDTLS_LIBRARY=ON)
	fi
	cmake -S . -B _build "${args[@]}"
	cmake --build _build -j"$jobs"
	DESTDIR="$stage" cmake --install _build
}

# Needed host tools, checked before anything is fetched.
check_tools() {
	local need=(make tar sha256sum) missing=() t
	case "$lib" in
	openssl) need+=(perl) ;;
	mbedtls) need+=(cmake python3) ;;
	jansson) need+=(cmake) ;;
	nettle) need+=(m4) ;;
	esac
	# autotools only for a tree without ./configure (tree_tools, once it is
	# unpacked): a git tree or a release that already has one needs none
	need+=("$@")
	[ -z "$patch_name" ] || need+=(patch)
	[ "${git:-0}" -eq 0 ] || need+=(git)
	need+=("${triplet:-cc}${triplet:+-gcc}")
	for t in "${need[@]}"; do
		command -v "$t" >/dev/null || missing+=("$t")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	# as scripts/deps.sh does: installed as root, else the exact line to run
	local pkgs=() p
	for t in "${missing[@]}"; do
		case "$t" in
		sha256sum) p=coreutils ;;
		autoreconf) p=autoconf ;;
		libtoolize) p=libtool ;;
		cc) p=build-essential ;;
		*-gcc) p=gcc-${t%-gcc} ;;
		*) p=$t ;;
		esac
		[[ " ${pkgs[*]} " == *" $p "* ]] || pkgs+=("$p")
	done
	if ! command -v apt-get >/dev/null; then
		die "missing tools for $lib: ${missing[*]}, and this is not a Debian/Ubuntu system: install their equivalents"
	fi
	if [ "$(id -u)" -ne 0 ]; then
		die "missing tools for $lib: ${missing[*]}; run as root: apt-get update && apt-get install -y ${pkgs[*]}"
	fi
	# one install at a time: two libs.sh building at once (two configurations
	# of one version) would both run apt-get, and the second fail on dpkg's
	# lock (exit 100); the second waits, then finds the tools installed
	mkdir -p "$cache"
	exec 6>"$cache/.tools.lock"
	flock 6
	missing=()
	for t in "${need[@]}"; do
		command -v "$t" >/dev/null || missing+=("$t")
	done
	if [ ${#missing[@]} -eq 0 ]; then
		exec 6>&-
		return 0
	fi
	say "installing the tools $lib needs: ${pkgs[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -q >&2
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
		--no-install-recommends "${pkgs[@]}" >&2
	exec 6>&-
	missing=()
	for t in "${need[@]}"; do
		command -v "$t" >/dev/null || missing+=("$t")
	done
	[ ${#missing[@]} -eq 0 ] || die "still missing after installing ${pkgs[*]}: ${missing[*]}"
}

# The tools the unpacked tree itself needs: autoconf, automake and libtool
# when an autotools library's tree has no ./configure (wolfSSL's release
# archive, the git trees of wolfSSL and libsodium; Nettle's .bootstrap runs
# autoconf), installed as check_tools installs the others.
tree_tools() { # TREE
	case "$lib" in
	wolfssl | sodium | nettle) ;;
	*) return 0 ;;
	esac
	[ ! -x "$1/configure" ] || return 0
	# the bare-metal wolfSSL build compiles its sources with CMake, no configure
	[ "$lib" != wolfssl ] || [ "${arch:-}" != cortex-m4 ] || return 0
	check_tools autoreconf automake libtoolize
}

# CRYPTOSPEED_PROGRESS=SECONDS (default 60; 0: none): while a library builds,
# a line every SECONDS on stderr with the build, its elapsed time and the
# step it is at (the last command of the build's log), so a night's long
# builds are never silent.
progress_start() { # LOG WHAT
	local every=${CRYPTOSPEED_PROGRESS:-60} fd=${CRYPTOSPEED_PROGRESS_FD:-2}
	[[ "$every" =~ ^[0-9]+$ ]] || bad "CRYPTOSPEED_PROGRESS '$every' is not a number of seconds (accepted: 0 for none, else 1 or more)"
	# CRYPTOSPEED_PROGRESS_FD: where the lines go (scripts/nightly.sh: its own
	# stderr, while libs.sh's goes to a file); 2 when it is not open
	[[ "$fd" =~ ^[0-9]$ ]] && { true >&"$fd"; } 2>/dev/null || fd=2
	progress_pid=""
	[ "$every" -gt 0 ] || return 0
	# (the sleep holds none of the caller's descriptors: not the build lock,
	# not a pipe a caller reads to its end; stopped, the loop ends it too)
	(
		t0=$SECONDS sp=""
		trap '[ -z "$sp" ] || kill "$sp" 2>/dev/null; exit 0' TERM
		while :; do
			sleep "$every" </dev/null >/dev/null 2>&1 7>&- 8>&- 9>&- &
			sp=$!
			wait "$sp" || true
			step=$(grep -a '^++* ' "$1" 2>/dev/null | tail -n 1 | sed 's/^++* //' | cut -d' ' -f1-2 | cut -c1-48)
			echo "libs.sh: $2: $((SECONDS - t0)) s, at: ${step:-starting}" >&"$fd"
		done
	) </dev/null >/dev/null 7>&- 9>&- &
	progress_pid=$!
}
progress_stop() {
	[ -n "${progress_pid:-}" ] || return 0
	kill "$progress_pid" 2>/dev/null || true
	wait "$progress_pid" 2>/dev/null || true
	progress_pid=""
}

# CRYPTOSPEED_BUILD_REPORT=FILE: a built (or reused) prefix adds the line
# "NAME PREFIX" to FILE, so that a caller knows what a git spec became.
built_report() {
	[ -z "${CRYPTOSPEED_BUILD_REPORT:-}" ] || echo "$name $prefix" >>"$CRYPTOSPEED_BUILD_REPORT"
}

do_build() {
	# one build of a prefix at a time (a second libs.sh waits, then reuses it)
	mkdir -p "$cache/libs"
	exec 9>"$cache/libs/.$name-$arch.lock"
	if ! flock -n 9; then
		say "$name for $arch is being built by another libs.sh: waiting"
		flock 9
	fi
	if [ -f "$prefix/cryptospeed-build" ] && [ $force -eq 0 ]; then
		# (a prefix built before patch lines has no patch_sha256 line: unpatched)
		if grep -qxF "options=$options" "$prefix/cryptospeed-build" &&
			if [ $git -eq 1 ]; then
				grep -qxF "commit=$commit" "$prefix/cryptospeed-build"
			elif [ -n "$patch_sha256" ]; then
				grep -qxF "patch_sha256=$patch_sha256" "$prefix/cryptospeed-build"
			else
				! grep -q '^patch_sha256=.' "$prefix/cryptospeed-build"
			fi; then
			say "$name for $arch is built: $prefix"
			built_report
			return 0
		fi
		say "$name for $arch: the manifest's options or patch changed; rebuilding"
	fi
	cross_env
	check_tools
	[ $git -eq 1 ] || fetch
	mkdir -p "$cache/work" "$cache/logs" "$cache/libs"
	work=$(mktemp -d "$cache/work/$name-$arch.XXXXXX")
	trap 'progress_stop; rm -rf "$work"' EXIT
	stage=$work/stage
	local log=$cache/logs/$name-$arch.log
	local t0=$SECONDS
	mkdir -p "$work/src"
	if [ $git -eq 1 ]; then
		if ! export_tree "$mirror" "$commit" "$work/src" "$repo" >"$work/submodules" 2>"$work/export.err"; then
			die "exporting $name (commit $commit) failed: $(tail -n1 "$work/export.err")"
		fi
	else
		tar -xf "$tarball" -C "$work/src" --strip-components=1
	fi
	tree_tools "$work/src"
	say "building $name for $arch (log: $log)"
	progress_start "$log" "building $name for $arch"
	# (not under `if`: there bash would ignore set -e inside the recipe)
	set +e
	(
		set -ex
		cd "$work/src"
		if [ -n "$patch_name" ]; then
			# a patch that does not apply exactly (no fuzz) stops here: nothing is built
			patch -p1 --batch --forward --fuzz=0 <"$here/../$patch_file"
		fi
		if [ $cross -eq 1 ]; then export CC=$triplet-gcc; fi
		"build_$lib"
	) >"$log" 2>&1
	local rc=$?
	set -e
	progress_stop
	if [ $rc -ne 0 ]; then
		[ -n "${CRYPTOSPEED_QUIET_FAILURE:-}" ] || tail -n 25 "$log" >&2
		die "build of $name for $arch failed; the whole log: $log${prefix:+ (nothing installed; $prefix left as it was)}"
	fi
	local built=$stage$prefix
	[ -d "$built/include" ] || die "build of $name for $arch installed no include/ (log: $log)"
	{
		echo "name=$name"
		echo "lib=$lib"
		echo "version=$version"
		echo "config=$label"
		echo "base_config=$config"
		echo "patch=$patch_file"
		echo "patch_sha256=$patch_sha256"
		echo "arch=$arch"
		echo "options=$options"
		echo "source=$file"
		echo "sha256=$sha256"
		echo "from=$where"
		if [ $git -eq 1 ]; then
			echo "repo=$repo"
			echo "ref=$ref"
			echo "commit=$commit"
			echo "submodules=$(awk '{ printf "%s%s@%s", (NR > 1 ? " " : ""), $1, $2 }' "$work/submodules")"
		fi
		echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ) in $((SECONDS - t0)) s"
	} >"$built/cryptospeed-build"
	# replace the prefix in one rename; an old one goes only once the new is in place
	if [ -d "$prefix" ]; then
		mv "$prefix" "$work/old"
	fi
	mv "$built" "$prefix"
	say "built $name for $arch in $((SECONDS - t0)) s: $prefix"
	built_report
	if [ "$arch" = "$(host_arch)" ]; then
		local LIB
		LIB=$(echo "$lib" | tr a-z A-Z)
		say "next: cmake -S . -B build -DCRYPTOSPEED_BUILT_LIBS=ON && cmake --build build (every built prefix), or -DCRYPTOSPEED_${LIB}_ROOTS=$prefix"
	fi
}

do_list() {
	local l c built
	for l in "${src_lines[@]}"; do
		set -- $l
		lib=$1 version=$2
		while read -r c _; do
			[ -n "$c" ] || continue
			built=""
			[ -f "$cache/libs/$lib@$version+$c-$arch/cryptospeed-build" ] &&
				built="  built: $cache/libs/$lib@$version+$c-$arch"
			echo "$lib@$version+$c$built"
		done < <(configs_of)
	done
	for l in "${patch_lines[@]}"; do
		set -- $l
		built=""
		[ -f "$cache/libs/$1-$arch/cryptospeed-build" ] && built="  built: $cache/libs/$1-$arch"
		echo "$1 (patch $2 on ${3:-default})$built"
	done
}

# make versions: every build of the set "versions" (built once, reused), a
# cryptospeed build dir with them as CRYPTOSPEED_<LIB>_ROOTS beside the
# system's libraries, and one interleaved run of a focused matrix. Build and
# run times are reported apart.
do_versions() {
	local bdir=${1:-build-versions} l specs=() s t0 t1 t2
	for l in "${set_lines[@]}"; do
		set -- $l
		[ "$1" = versions ] && specs=("${@:2}")
	done
	[ ${#specs[@]} -gt 0 ] || die "$manifest has no 'set versions' line"
	local src
	src=$(cd "$here/.." && pwd)
	t0=$SECONDS
	declare -A roots=()
	for s in "${specs[@]}"; do
		"$0" build "$s" --arch "$arch"
		parse_spec "$s"
		roots[$lib]+="${roots[$lib]:+;}$prefix"
	done
	t1=$SECONDS
	local args=(-DBUILD_TESTING=OFF) libsel=() LIB
	for l in "${!roots[@]}"; do
		LIB=$(echo "$l" | tr a-z A-Z)
		args+=("-DCRYPTOSPEED_${LIB}_ROOTS=${roots[$l]}")
		libsel+=("$l")
	done
	mkdir -p "$bdir"
	cmake -S "$src" -B "$bdir" "${args[@]}" >"$bdir/versions-configure.log" 2>&1 ||
		{ tail -n 20 "$bdir/versions-configure.log" >&2; die "configuring $bdir failed (log: $bdir/versions-configure.log)"; }
	cmake --build "$bdir" -j"$jobs" >"$bdir/versions-build.log" 2>&1 ||
		{ tail -n 20 "$bdir/versions-build.log" >&2; die "building $bdir failed (log: $bdir/versions-build.log)"; }
	t2=$SECONDS
	local out
	out=$bdir/versions-$(date -u +%Y%m%dT%H%M%SZ).json
	local sel
	sel=$(IFS=,; echo "${libsel[*]}")
	set +e
	# the primitives, and the headline TLS configuration's handshakes
	# (docs/handshake.md "Versions")
	"$bdir/bin/cryptospeed" run --lib "$sel" --alg sha256,aes-128-gcm,tls13-x25519-ecdsa-aes128gcm \
		--op digest,seal,open,handshake,resume --sizes 16,8192 -o "$out" ${CRYPTOSPEED_VERSIONS_ARGS:-}
	local rc=$?
	set -e
	say "libraries built or reused in $((t1 - t0)) s, cryptospeed configured and built in $((t2 - t1)) s, matrix measured in $((SECONDS - t2)) s"
	say "result file (each worker's runtime version and build flags under \"libraries\"): $out"
	return $rc
}

# ------------------------------------------------------------------ workers

# libs.sh workers BUILD-DIR SPEC...: build each spec (a failure is one line,
# the others go on), then configure BUILD-DIR (a cryptospeed build directory,
# tests off) with the built prefixes as CRYPTOSPEED_<LIB>_ROOTS and build only
# what a duet needs: the program, the counting plugin, the noop worker and
# those workers. Prints "ok SPEC NAME" or "failed SPEC REASON" per spec.
# With --arch of another architecture than the host's, BUILD-DIR is a cross
# build (static workers, the toolchain of make cross) and the program and
# plugin are the host's, in BUILD-DIR/host: count with
# BUILD-DIR/host/bin/cryptospeed run --count --cpu PROFILE --worker-dir BUILD-DIR/bin.
# Exit 0 every spec built, 1 some failed (the others are ready), or the
# program could not be built.
do_workers() {
	local bdir=$1 s failed=0 report line l LIB
	shift
	[ $# -gt 0 ] || bad "workers needs a build directory and at least one LIB@VERSION or LIB@git:REF"
	local src
	src=$(cd "$here/.." && pwd)
	mkdir -p "$bdir"
	report=$(mktemp)
	declare -A roots=()
	local targets=(cryptospeed cryptospeed-count cryptospeed_worker_noop) out=() wtargets=() tix=()
	for s in "$@"; do
		: >"$report"
		if CRYPTOSPEED_BUILD_REPORT=$report "$0" build "$s" --arch "$arch" 2>"$bdir/libs-build.err"; then
			read -r nm pf <"$report"
			l=${nm%%@*}
			roots[$l]+="${roots[$l]:+;}$pf"
			wtargets+=("$(echo "cryptospeed-worker-$nm" | sed 's/[^A-Za-z0-9_]/_/g')")
			tix+=("${#out[@]}")
			out+=("ok $s $nm")
		else
			cat "$bdir/libs-build.err" >&2
			line=$(grep -v '^$' "$bdir/libs-build.err" | tail -n1)
			out+=("failed $s ${line#libs.sh: }")
			failed=1
		fi
	done
	rm -f "$report"
	targets+=("${wtargets[@]}")
	local args=(-DBUILD_TESTING=OFF)
	for l in "${!roots[@]}"; do
		LIB=$(echo "$l" | tr a-z A-Z)
		args+=("-DCRYPTOSPEED_${LIB}_ROOTS=${roots[$l]}")
	done
	if [ "$arch" != "$(host_arch)" ]; then
		# another architecture (the arm64 nightly on an x86-64 machine): BUILD-DIR
		# is a cross build of the static workers (as make cross), counted under
		# qemu by the host's program and plugin, built in BUILD-DIR/host
		local tc
		case "$arch" in
		arm64) tc=aarch64-linux-gnu ;;
		armhf) tc=arm-linux-gnueabihf ;;
		esac
		args+=("-DCMAKE_TOOLCHAIN_FILE=$src/cmake/toolchains/$tc.cmake" -DCRYPTOSPEED_STATIC=ON)
		targets=("${targets[@]:2}") # the workers and noop only
		mkdir -p "$bdir/host"
		if ! { cmake -S "$src" -B "$bdir/host" -DBUILD_TESTING=OFF &&
			cmake --build "$bdir/host" -j"$jobs" --target cryptospeed cryptospeed-count; } >"$bdir/host-build.log" 2>&1; then
			tail -n 20 "$bdir/host-build.log" >&2
			die "building the host's program and counting plugin in $bdir/host failed (log: $bdir/host-build.log)"
		fi
	fi
	if ! cmake -S "$src" -B "$bdir" "${args[@]}" >"$bdir/workers-configure.log" 2>&1; then
		tail -n 20 "$bdir/workers-configure.log" >&2
		die "configuring $bdir failed (log: $bdir/workers-configure.log)"
	fi
	if ! cmake --build "$bdir" -j"$jobs" --target "${targets[@]}" >"$bdir/workers-build.log" 2>&1; then
		# which one: the program and noop first (without them nothing runs),
		# then each worker alone; a worker that does not compile against its
		# build is that spec's failure, the others are still ready
		local base=("${targets[@]:0:${#targets[@]}-${#wtargets[@]}}") i wlog
		if ! cmake --build "$bdir" -j"$jobs" --target "${base[@]}" >>"$bdir/workers-build.log" 2>&1; then
			tail -n 20 "$bdir/workers-build.log" >&2
			die "building the program in $bdir failed (log: $bdir/workers-build.log)"
		fi
		for i in "${!wtargets[@]}"; do
			wlog=$bdir/${wtargets[$i]}.build.log
			if ! cmake --build "$bdir" -j"$jobs" --target "${wtargets[$i]}" >"$wlog" 2>&1; then
				read -r _ s nm <<<"${out[${tix[$i]}]}"
				out[${tix[$i]}]="failed $s the worker of $nm does not compile: $(grep -m1 'error:' "$wlog" | sed 's/^.*error: //') (log: $wlog)"
				failed=1
			fi
		done
	fi
	printf '%s\n' "${out[@]}"
	return $failed
}

# ------------------------------------------------------------------ bisect

# libs.sh bisect LIB GOOD BAD [--config CONFIG] [--arch ARCH] -- SELECTION...: GOOD and BAD
# are [REPO#]REF (or LIB@git:[REPO#]REF); the commits on the path GOOD..BAD
# are searched, halving, for the first one whose counts (run --count
# SELECTION, beside GOOD's build in the same run, compare --base GOOD --new
# IT) differ: by at least CRYPTOSPEED_COUNT_THRESHOLD percent (default 0.5,
# the nightly gate's) or an instruction class lost. Counts are exact, so the
# search is too. Each tested commit is built (cached by commit). Prints the
# commit and its subject on stdout; the compare of it is kept in
# $CRYPTOSPEED_BISECT_DIR (default BUILD-DIR/bisect).
do_bisect() {
	[ $# -ge 3 ] || usage
	lib=$1
	local good=$2 badref=$3 cfg=default sel=()
	shift 3
	while [ $# -gt 0 ]; do
		case "$1" in
		--config) [ $# -ge 2 ] || bad "--config needs a value"; cfg=$2; shift 2 ;;
		--arch) [ $# -ge 2 ] || bad "--arch needs a value (accepted: $arches)"; arch=$2; shift 2 ;;
		--) shift; sel=("$@"); break ;;
		*) bad "bisect: unexpected '$1' (accepted: --config CONFIG, --arch ARCH, then -- and the run selection)" ;;
		esac
	done
	case "$arch" in
	amd64 | arm64 | armhf | cortex-m4) ;;
	*) bad "unknown architecture '$arch' (accepted: $arches)" ;;
	esac
	[ ${#sel[@]} -gt 0 ] || bad "bisect needs the run selection after --, e.g. -- --alg sha256 --sizes 16,8192"
	[[ "$lib" =~ ^[a-z0-9]+$ ]] || bad "'$lib' is not a library name (accepted: $(known_libs))"
	good=${good#"$lib"@git:}
	badref=${badref#"$lib"@git:}
	parse_spec "$lib@git:$good+$cfg"
	local gcommit=$commit grepo=$repo
	parse_spec "$lib@git:$badref+$cfg"
	local bcommit=$commit
	[ "$repo" = "$grepo" ] || bad "GOOD and BAD are in two repositories ('$grepo', '$repo')"
	local commits=()
	mapfile -t commits < <(git -C "$mirror" rev-list --reverse --ancestry-path "$gcommit..$bcommit")
	[ ${#commits[@]} -gt 0 ] || bad "BAD ($badref, $bcommit) does not descend from GOOD ($good, $gcommit) in '$repo'"
	local src bdir dir
	src=$(cd "$here/.." && pwd)
	bdir=${CRYPTOSPEED_NIGHTLY_BUILD:-$src/build-nightly}
	dir=${CRYPTOSPEED_BISECT_DIR:-$bdir/bisect}
	mkdir -p "$dir"
	local thr=${CRYPTOSPEED_COUNT_THRESHOLD:-0.5}
	# another architecture's workers are counted by the host's program (do_workers)
	local cs=$bdir/bin/cryptospeed wdopt=()
	if [ "$arch" != "$(host_arch)" ]; then
		cs=$bdir/host/bin/cryptospeed
		wdopt=(--worker-dir "$bdir/bin")
	fi
	say "bisect $lib: ${#commits[@]} commits after ${gcommit:0:12} up to ${bcommit:0:12} (about $(awk -v n=${#commits[@]} 'BEGIN { s = 0; while (2 ^ s < n) s++; print s + 1 }') builds and counts)"
	# differs C: 0 when C's counts differ from GOOD's, 1 when equal; exits when it cannot tell
	local gspec="$lib@git:$grepo#$gcommit+$cfg"
	differs() {
		local c=$1 st gname cname f rc
		st=$(do_workers_sub "$bdir" "$gspec" "$lib@git:$grepo#$c+$cfg") ||
			die "bisect stopped: cannot test ${c:0:12}: $(grep '^failed' <<<"$st" | head -n1 | grep . || echo "its build directory $bdir could not be made (above)")"
		gname=$(sed -n '1s/^ok [^ ]* //p' <<<"$st")
		cname=$(sed -n '2s/^ok [^ ]* //p' <<<"$st")
		f=$dir/${c:0:12}
		set +e
		"$cs" run --count "${wdopt[@]}" --lib "=$gname,=$cname" "${sel[@]}" -o "$f.json" >"$f.run.txt" 2>&1
		rc=$?
		# (4: some cells not ok; compare's status kind says which)
		if { [ $rc -ne 0 ] && [ $rc -ne 4 ]; } || [ ! -s "$f.json" ]; then
			die "bisect stopped: counting ${c:0:12} exited $rc: $(tail -n1 "$f.run.txt") (log: $f.run.txt)"
		fi
		"$cs" compare "$f.json" --base "$gname" --new "$cname" --count-threshold "$thr" \
			--fail-on count,hw,status,missing >"$f.compare.txt" 2>&1
		rc=$?
		set -e
		case $rc in
		0) say "  ${c:0:12}: counts as GOOD's"; return 1 ;;
		1) say "  ${c:0:12}: counts differ ($f.compare.txt)"; return 0 ;;
		*) die "bisect stopped: compare of ${c:0:12} exited $rc: $(tail -n1 "$f.compare.txt")" ;;
		esac
	}
	local lo=-1 hi=$((${#commits[@]} - 1)) mid
	differs "${commits[$hi]}" || die "the counts of BAD (${bcommit:0:12}) do not differ from GOOD's (${gcommit:0:12}) by $thr % or more: nothing to bisect"
	while [ $((hi - lo)) -gt 1 ]; do
		mid=$(((lo + hi) / 2))
		if differs "${commits[$mid]}"; then hi=$mid; else lo=$mid; fi
	done
	local first=${commits[$hi]}
	cp "$dir/${first:0:12}.compare.txt" "$dir/first.compare.txt"
	say "first commit whose counts differ: $first (compare: $dir/first.compare.txt)"
	echo "$first $(git -C "$mirror" log -1 --format=%s "$first")"
}

# libs.sh tree LIB@git:[REPO#]REF DIR: the source tree a build of that commit
# configures, into DIR (new or empty): the commit's files, its submodules'
# files, and what the library's bootstrap makes (./configure of an autotools
# tree without one). Nothing is configured, built or installed.
do_tree() {
	local dest=$1
	[ $git -eq 1 ] || bad "tree takes LIB@git:[REPO#]REF (got '$spec')"
	if [ -e "$dest" ] && [ -n "$(ls -A "$dest")" ]; then
		bad "tree: '$dest' is not empty (accepted: a new or empty directory)"
	fi
	cross_env
	check_tools
	mkdir -p "$dest"
	dest=$(cd "$dest" && pwd)
	export_tree "$mirror" "$commit" "$dest" "$repo" >"$dest/.cryptospeed-submodules" ||
		die "exporting $name (commit $commit) failed"
	tree_tools "$dest"
	local log=$dest/.cryptospeed-bootstrap.log
	if ! (cd "$dest" && set -x && bootstrap_tree) >"$log" 2>&1; then
		tail -n 10 "$log" >&2
		die "the bootstrap of $name failed (log: $log)"
	fi
	say "the tree of $name (commit $commit): $dest"
}

# do_workers in a child libs.sh (its own lib/version/... variables)
do_workers_sub() {
	"$0" workers "$@" --arch "$arch"
}

# ------------------------------------------------------------------ main

main() {
	[ $# -ge 1 ] || usage
	cmd=$1
	shift
	arch=$(host_arch)
	force=0
	spec=""
	tdir=""
	git=0
	case "$cmd" in
	bisect) do_bisect "$@"; return ;;
	workers)
		local wargs=() wdir=""
		while [ $# -gt 0 ]; do
			case "$1" in
			--arch) [ $# -ge 2 ] || bad "--arch needs a value (accepted: $arches)"; arch=$2; shift 2 ;;
			-*) bad "unknown option '$1' (accepted: --arch)" ;;
			*) if [ -z "$wdir" ]; then wdir=$1; else wargs+=("$1"); fi; shift ;;
			esac
		done
		[ -n "$wdir" ] || usage
		do_workers "$wdir" "${wargs[@]}"
		return
		;;
	esac
	while [ $# -gt 0 ]; do
		case "$1" in
		--arch) [ $# -ge 2 ] || bad "--arch needs a value (accepted: $arches)"; arch=$2; shift 2 ;;
		--arch=*) arch=${1#--arch=}; shift ;;
		--force) force=1; shift ;;
		-h | --help) usage ;;
		-*) bad "unknown option '$1' (accepted: --arch, --force)" ;;
		*)
			if [ -z "$spec" ]; then
				spec=$1
			elif [ "$cmd" = tree ] && [ -z "$tdir" ]; then
				tdir=$1
			else
				bad "one LIB@VERSION[+CONFIG] at a time (got '$spec' and '$1')"
			fi
			shift
			;;
		esac
	done
	case "$arch" in
	amd64 | arm64 | armhf | cortex-m4) ;;
	*) bad "unknown architecture '$arch' (accepted: $arches)" ;;
	esac

	case "$cmd" in
	build)
		[ -n "$spec" ] || usage
		parse_spec "$spec"
		do_build
		;;
	tree)
		[ -n "$spec" ] && [ -n "$tdir" ] || usage
		parse_spec "$spec"
		do_tree "$tdir"
		;;
	prefix)
		[ -n "$spec" ] || usage
		parse_spec "$spec"
		[ -f "$prefix/cryptospeed-build" ] || die "$name for $arch is not built (scripts/libs.sh build $spec --arch $arch)"
		echo "$prefix"
		;;
	list)
		[ -z "$spec" ] || bad "list takes no LIB@VERSION (got '$spec')"
		do_list
		;;
	versions) do_versions "$spec" ;;
	resolve | name)
		[[ "$spec" == *@git:* ]] || bad "$cmd takes LIB@git:[REPO#]REF[+CONFIG] (got '$spec')"
		parse_spec "$spec"
		if [ "$cmd" = resolve ]; then echo "$commit"; else echo "$name"; fi
		;;
	repo)
		# the repository, branch and pinned good build of a library, as the
		# environment and the manifest say ("-" for none): for scripts/nightly.sh
		[[ "$spec" =~ ^[a-z0-9]+$ ]] || bad "repo takes a library name (got '$spec'; accepted: $(known_libs))"
		lib=$spec
		repo_of
		echo "${repo_default:--} ${branch_default:--} ${good_default:--}"
		;;
	source)
		[ -n "$spec" ] || usage
		parse_spec "$spec"
		[ $git -eq 0 ] || bad "source takes a LIB@VERSION of the manifest (got '$spec')"
		fetch
		echo "$tarball"
		;;
	*) bad "unknown command '$cmd' (accepted: build, tree, prefix, list, versions, resolve, name, repo, source, workers, bisect)" ;;
	esac
}

# (one line: bash has read all of it before it runs, so an edit of this file
# during a long build cannot change what the running build does next)
main "$@"; exit $?
