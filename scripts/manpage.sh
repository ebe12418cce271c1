#!/usr/bin/env bash
# The man page, cryptospeed(1), from the program's own help: `cryptospeed
# --help` and `cryptospeed help COMMAND` for every command it lists, so the
# page says what --help says. Run by the build (CMakeLists.txt, target
# manpage); usage: manpage.sh PROGRAM OUT.1 VERSION
set -eu
prog=${1:?usage: manpage.sh PROGRAM OUT.1 VERSION}
out=${2:?usage: manpage.sh PROGRAM OUT.1 VERSION}
version=${3:?usage: manpage.sh PROGRAM OUT.1 VERSION}

# Help text as roff: verbatim (no fill, no adjust), backslashes and hyphens
# escaped, a line starting with . or ' kept as text.
roff() {
	sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
}

tmp=$out.tmp
{
	echo ".TH CRYPTOSPEED 1 \"\" \"cryptospeed $version\" \"User Commands\""
	echo ".SH NAME"
	echo "cryptospeed \\- measure cryptographic libraries side by side"
	echo ".SH SYNOPSIS"
	echo ".B cryptospeed"
	echo ".I COMMAND"
	echo "[options]"
	echo ".SH DESCRIPTION"
	echo "The text of"
	echo ".BR \"cryptospeed \\-\\-help\" ;"
	echo "each command's own help follows under COMMANDS."
	echo ".PP"
	echo ".nf"
	"$prog" --help | roff
	echo ".fi"
	echo ".SH COMMANDS"
	for cmd in $("$prog" --complete commands); do
		[[ $cmd == help ]] && continue
		echo ".SS $cmd"
		echo ".nf"
		"$prog" help "$cmd" | roff
		echo ".fi"
	done
	echo ".SH FILES"
	echo ".TP"
	echo ".I ../libexec/cryptospeed/"
	echo "beside the directory of the program: the workers (cryptospeed\\-worker\\-LIB)"
	echo ".SH SEE ALSO"
	echo ".BR openssl\\-speed (1)"
} >"$tmp"
mv "$tmp" "$out"
