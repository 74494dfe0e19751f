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
# The sanitizer tree's share of the 2-core CI machine's CPU (.ci/setup
# prints each test's; tests/README.md, "CI time"), where the release
# tree's run already proves the same thing:
#  - concurrent.sh counts a race by its rate (about 1 start in 100 failed
#    before the fix): its 2000 starts stay in the release tree; here 10
#    rounds (400 starts) look for memory errors in the same start-up,
#    which every other test of this tree runs too. 108 CPU-seconds a
#    run before.
#  - deb.sh packages and installs the build with apt: a package of a
#    sanitizer build proves nothing the release tree's does not, and it
#    held the machine's dpkg lock 90 s.
if(SBXSH_SANITIZE AND TEST integration/concurrent.sh)
	set_property(TEST integration/concurrent.sh APPEND PROPERTY ENVIRONMENT
		CONCURRENT_ROUNDS=10)
endif()
if(SBXSH_SANITIZE AND TEST integration/deb.sh)
	set_property(TEST integration/deb.sh PROPERTY DISABLED TRUE)
endif()
