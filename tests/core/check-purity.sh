#!/usr/bin/env bash
# core/ must be pure: it may call libc's string, memory and formatting
# functions, never a syscall wrapper or stdio on files. The link step
# (--no-undefined against libc alone) already rejects other libraries;
# this rejects the libc functions that touch the system.
set -eu
so=$1
allowed='^(abort|calloc|free|malloc|realloc|memchr|memcmp|memcpy|memmove|memset|qsort|bsearch|str[a-z]*|vsnprintf|snprintf|sprintf|vsprintf|strto[a-z]*|__stack_chk_fail|__cxa_finalize|__gmon_start__|_ITM_[A-Za-z]*|__ctype_b_loc|__ctype_tolower_loc|__ctype_toupper_loc|tolower|toupper|__assert_fail|__strdup|__[a-z_]*_chk|fnmatch|__tls_get_addr|__asan_[a-z_0-9]*|__ubsan_[a-z_0-9]*)$'
bad=$(nm -D --undefined-only "$so" | awk '{print $NF}' | sed 's/@.*//' | grep -Ev "$allowed" || true)
if [ -n "$bad" ]; then
	echo "not ok - core/ calls functions outside its pure subset of libc:"
	echo "$bad" | sed 's/^/  /'
	echo "0 passed, 1 failed"
	exit 1
fi
echo "ok 1 - core/ links only pure libc functions"
echo "1 passed, 0 failed"
