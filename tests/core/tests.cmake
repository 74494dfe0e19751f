# core/ purity: the shared object built from core/ sources must only use
# the pure part of libc (no syscalls, no stdio on files).
if(NOT SBXSH_SANITIZE)
	add_test(NAME core/purity COMMAND bash
		${CMAKE_SOURCE_DIR}/tests/core/check-purity.sh
		$<TARGET_FILE:sbxcore_purity>)
	# The shell language (core/lang/, with core/util.c) alone: the
	# parser the checker and the interpreter share reads nothing itself.
	add_test(NAME core/lang-purity COMMAND bash
		${CMAKE_SOURCE_DIR}/tests/core/check-purity.sh
		$<TARGET_FILE:sbxlang_purity>)
endif()
