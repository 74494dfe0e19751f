#!/bin/sh
# core/lang/pure.sh NM LIB — fails unless the shell-language library (the
# lexer and the parser, with core/util.c's allocation helpers: LIB is
# libsbxlang_purity.so) calls nothing in libc but memory, string,
# character-class and formatting functions: no read, write, open, fork,
# exec, environ. The parser of a line the checker explains must not be
# able to act on it, whatever the line says (a bug in it then can only
# mis-parse, never run something). Run after every build of the target.
set -eu
nm=$1 lib=$2
allowed='abort|calloc|malloc|realloc|free|mem(chr|cmp|cpy|move|set)|str(chr|cmp|cpy|cspn|len|ncmp|ndup|dup|pbrk|rchr|spn|str|tol|toul|toll|toull)|v?snprintf|__ctype_(b|tolower|toupper)_loc|__stack_chk_fail|__cxa_finalize|__gmon_start__|_ITM_(de)?registerTMCloneTable|__(memcpy|memmove|memset|snprintf|vsnprintf|strcpy)_chk'
bad=$("$nm" -D --undefined-only "$lib" | awk '{ s = $NF; sub(/@.*/, "", s); print s }' |
	grep -Evx "$allowed" || true)
if [ -n "$bad" ]; then
	echo "core/lang is not pure: $lib calls" $bad >&2
	exit 1
fi
