# bash completion for cryptospeed: commands, each command's options (read
# from `cryptospeed help COMMAND`), and the values of --alg and --lib (from
# `cryptospeed --complete algs|libs`), so it follows the program it completes.
# Installed as share/bash-completion/completions/cryptospeed.

_cryptospeed() {
	local prog=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev=""
	local i=$((COMP_CWORD - 1))
	# "--alg=aes": bash splits at '=' (COMP_WORDBREAKS)
	if [[ $cur == = ]]; then
		cur="" prev=${COMP_WORDS[i]}
	elif ((i >= 1)) && [[ ${COMP_WORDS[i]} == = ]]; then
		prev=${COMP_WORDS[i - 1]}
	elif ((i >= 1)); then
		prev=${COMP_WORDS[i]}
	fi
	COMPREPLY=()
	if ((COMP_CWORD == 1)); then
		mapfile -t COMPREPLY < <(compgen -W "$("$prog" --complete commands 2>/dev/null) --help --version" -- "$cur")
		return 0
	fi
	local cmd=${COMP_WORDS[1]} words=""
	if [[ $cmd == help ]]; then
		((COMP_CWORD == 2)) && mapfile -t COMPREPLY < <(compgen -W "$("$prog" --complete commands 2>/dev/null)" -- "$cur")
		return 0
	fi
	case $prev in
	--alg) words=$("$prog" --complete algs 2>/dev/null) ;;
	--lib) words=$("$prog" --complete libs 2>/dev/null) ;;
	--board) words=$("$prog" --complete boards 2>/dev/null) ;;
	esac
	if [[ -n $words ]]; then
		# a comma list: complete its last item, keep what is before it
		local head="" last=$cur
		if [[ $cur == *,* ]]; then
			head=${cur%,*},
			last=${cur##*,}
		fi
		mapfile -t COMPREPLY < <(compgen -P "$head" -W "$words" -- "$last")
		compopt -o nospace 2>/dev/null
		return 0
	fi
	if [[ $cur == -* ]]; then
		words=$("$prog" help "$cmd" 2>/dev/null | grep -o -e '--[a-z][a-z0-9-]*' | sort -u)
		mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
		return 0
	fi
	mapfile -t COMPREPLY < <(compgen -f -- "$cur")
	return 0
}
complete -F _cryptospeed cryptospeed
