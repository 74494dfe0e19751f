# tests/sanitize: sanitizer builds only (-DSBXSH_SANITIZE=ON). Does a
# sanitizer report of a confined shell reach the report folder, as the
# sanitizer pass of .ci/setup relies on?
if(SBXSH_SANITIZE)
	add_test(NAME sanitize/confined.sh COMMAND ${SBXSH_TEST_ENV} bash
		${CMAKE_SOURCE_DIR}/tests/sanitize/confined.sh)
	set_tests_properties(sanitize/confined.sh PROPERTIES
		SKIP_RETURN_CODE 77 TIMEOUT 300)
endif()
# What this tree changes in the integration tests is set where they are
# registered (CMakeLists.txt, SBXSH_SAN_ENV_<name>), in each test's
# command: a property set here applied to the release tree's test of the
# same name too, in .ci/setup's joint CTest run. Why each:
#  - faults.sh without its part A (strace fault injection at every
#    start-up call): minutes under ASan, and LeakSanitizer cannot run
#    under strace; it runs in the release tree.
#  - concurrent.sh at 10 rounds: it counts a race by its rate (about 1
#    start in 100 failed before the fix), and its 2000 starts stay in the
#    release tree; here 400 look for memory errors in the same start-up,
#    which every other test of this tree runs too (108 CPU-seconds a run
#    before, .ci/setup's table).
#  - no deb.sh: it packages and installs the build with apt; a package of
#    a sanitizer build proves nothing the release tree's does not, and it
#    held the machine's dpkg lock 90 s.
