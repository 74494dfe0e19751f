#!/usr/bin/env bash
# tests/format-check.sh [FILE...] — do the C sources follow .clang-format?
#
# Runs clang-format --dry-run -Werror (the repository's .clang-format, found
# by clang-format from each file's folder up) over every tracked .c and .h
# file (or the FILEs given) and lists the files that differ, with the first
# lines of clang-format's complaint for each. Nothing is rewritten: to
# apply the format, `clang-format -i FILE...`.
# Exit 0: every file is formatted. 1: some file differs. 2: no clang-format.
# Env: CLANG_FORMAT (default: clang-format; Debian 12's package
# clang-format is version 14, which .clang-format is written for);
# FORMAT_CHECK_QUIET=1 prints only the list and the count.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cf=${CLANG_FORMAT:-clang-format}
command -v "$cf" >/dev/null || {
	echo "format-check: $cf not found (Debian: apt-get install clang-format)" >&2
	exit 2
}
cd "$top" || exit 2
if [ $# -gt 0 ]; then
	files=("$@")
elif git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	mapfile -t files < <(git ls-files '*.c' '*.h')
else
	mapfile -t files < <(find . -path ./build\* -prune -o \
		\( -name '*.c' -o -name '*.h' \) -type f -print | sed 's|^\./||' | sort)
fi
bad=0
for f in "${files[@]}"; do
	out=$("$cf" --dry-run -Werror "$f" 2>&1) && continue
	bad=$((bad + 1))
	echo "format-check: $f differs from .clang-format"
	[ "${FORMAT_CHECK_QUIET:-0}" = 1 ] || printf '%s\n' "$out" | head -n 6 | sed 's/^/    /'
done
echo "format-check: $bad of ${#files[@]} files differ from .clang-format"
[ "$bad" = 0 ]
