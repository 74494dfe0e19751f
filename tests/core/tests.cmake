# core/ purity: the shared object built from core/ sources must only use
# the pure part of libc (no syscalls, no stdio on files).
if(NOT SBXSH_SANITIZE)
	add_test(NAME core/purity COMMAND bash
		${CMAKE_SOURCE_DIR}/tests/core/check-purity.sh
		$<TARGET_FILE:sbxcore_purity>)
endif()
