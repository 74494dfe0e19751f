# bash completion for sbxsh's own options. Install: source this file, or
# copy it to /usr/share/bash-completion/completions/sbxsh.
_sbxsh()
{
	local cur prev
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	case $prev in
	--workspace|--root|--state|--allow-write)
		COMPREPLY=($(compgen -d -- "$cur")); return ;;
	--mask | --allow-socket | --protect | --config)
		COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--backend)
		COMPREPLY=($(compgen -W "landlock namespace seatbelt none" -- "$cur")); return ;;
	--scope)
		COMPREPLY=($(compgen -W "workspace read-only unrestricted" -- "$cur")); return ;;
	--check)
		COMPREPLY=($(compgen -W "warn writes deny off" -- "$cur")); return ;;
	--network)
		COMPREPLY=($(compgen -W "on off domains registries" -- "$cur")); return ;;
	--allow-domain|--deny-domain)
		return ;;
	--denial-lines|--explain-denials)
		COMPREPLY=($(compgen -W "on off" -- "$cur")); return ;;
	--agent-history)
		COMPREPLY=($(compgen -W "separate shared" -- "$cur")); return ;;
	--print-profile)
		COMPREPLY=($(compgen -W "seatbelt bwrap" -- "$cur")); return ;;
	--workflow)
		local root=${SBXSH_ROOT:-.}
		COMPREPLY=($(cd "$root/Workflow" 2>/dev/null && compgen -d -- "$cur")); return ;;
	--keep-env)
		# names only: what is set now (values are never completed)
		COMPREPLY=($(compgen -e -- "$cur")); return ;;
	--keep-runs|--git-depth|--check-line|--explain|-c|-o)
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "--workspace --workflow --root --state
			--keep-runs --no-persist --persist --config --no-config --norc --posix
			--backend --scope --no-network --network --allow-domain --deny-domain
			--private-tmp --no-private-tmp --allow-write --mask --allow-socket --keep-env --protect --git-depth
			--check --denial-lines --explain-denials --banner --banner=short --agent --agent-token-fd
			--agent-history
			--print-policy
			--json --print-profile --check-line --explain --help --version
			-c -s -i
			-e -u -x -f -C -v -o" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -F _sbxsh sbxsh
