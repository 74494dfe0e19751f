# tests/sanitize: sanitizer builds only (-DSBXSH_SANITIZE=ON). Does a
# sanitizer report of a confined shell reach the report folder, as the
# sanitizer pass of .ci/setup relies on?
if(SBXSH_SANITIZE)
	add_test(NAME sanitize/confined.sh COMMAND bash
		${CMAKE_SOURCE_DIR}/tests/sanitize/confined.sh)
	set_tests_properties(sanitize/confined.sh PROPERTIES
		SKIP_RETURN_CODE 77 TIMEOUT 300
		ENVIRONMENT "SBXSH=$<TARGET_FILE:sbxsh>;SBXSH_SRC=${CMAKE_SOURCE_DIR};SBXSH_BUILD=${CMAKE_BINARY_DIR}")
endif()
# faults.sh's part A (strace fault injection at every start-up call) runs
# on the release tree only: minutes under ASan, and LeakSanitizer cannot
# run under strace. A property of this tree's test (not an environment
# variable of the CTest run), since .ci/setup runs both trees' tests in
# one CTest run.
if(SBXSH_SANITIZE AND TEST integration/faults.sh)
	set_property(TEST integration/faults.sh APPEND PROPERTY ENVIRONMENT
		FAULTS_SKIP_A=1)
endif()
