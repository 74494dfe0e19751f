# tests/integration/lib/zsh_complete.zsh FPATH_DIR OUT LINE — what zsh's
# completion system offers for LINE, as a person pressing TAB gets it: a
# fresh `zsh -f -i` in a pty (zsh/zpty), compinit over FPATH_DIR (and
# nothing of the user's), LINE typed at the prompt and TAB pressed. Every
# match handed to compadd is appended to OUT, one a line. Exit 0 once the
# shell has finished the completion, 1 if it did not within 10 s. Run
# with `zsh -f`.
zmodload zsh/zpty || exit 3
dir=$1 out=$2 line=$3
rm -f -- "$out"
zpty z zsh -f -i
# wait_for MARK: read the pty until MARK has been printed.
wait_for() {
	local acc= chunk i
	for i in {1..200}; do
		while zpty -r -t z chunk 2>/dev/null; do acc+=$chunk; done
		[[ $acc == *$1* ]] && return 0
		sleep 0.05
	done
	print -ru2 -- "zsh_complete: no '$1' from zsh: ${acc[-300,-1]}"
	return 1
}
zpty -w z "PS1='zp> '; fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -d ${(q)out}.dump"
# compadd records the matches it is given, then adds them as usual; the
# calls that only compute (-O, -A, -D: into an array) are passed through.
zpty -w z "compadd() { local -a h; if (( \${@[(I)-[OAD]]} )); then builtin compadd \"\$@\"; return; fi; builtin compadd -A h \"\$@\"; print -rl -- \$h >>${(q)out}; builtin compadd \"\$@\"; }"
zpty -w z "zstyle ':completion:*' menu no; zstyle ':completion:*' list-prompt ''; print RE''ADY"
# Type only once the line editor reads keys (raw mode): bytes written
# before that meet the terminal's canonical line discipline.
wait_for READY || exit 1
zpty -w -n z "$line"$'\t'
# zle reads keys in order: ^U and the next line come after the TAB's
# completion.
zpty -w -n z $'\x15'
zpty -w z "print DO''NE"
wait_for DONE || exit 1
zpty -w z exit
zpty -d z
exit 0
