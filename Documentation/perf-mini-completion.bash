# bash completion for perf-mini (make install puts it in
# $(PREFIX)/share/bash-completion/completions/perf-mini). What it offers
# comes from the binary being completed, as perf's does: its commands
# (--list-cmds), a command's long options (COMMAND --list-opts) and the
# events for -e (list --raw-dump).

_perf_mini()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local tool=${COMP_WORDS[0]} cmd=${COMP_WORDS[1]}

	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "$("$tool" --list-cmds 2>/dev/null)" -- "$cur"))
		return
	fi
	case $prev in
	-e|--event)
		COMPREPLY=($(compgen -W "$("$tool" list --raw-dump 2>/dev/null)" -- "$cur"))
		return ;;
	-i|--input|-o|--output)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	esac
	case $cur in
	-*)	COMPREPLY=($(compgen -W "$("$tool" "$cmd" --list-opts 2>/dev/null)" -- "$cur")) ;;
	*)	COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
}
complete -F _perf_mini perf-mini
