# Load smoke (issue 11): tests/load/load.py --smoke, every case scaled
# down (typing at 200/s for 4 s, 100 jobs, a 64-stage pipeline, 64 MiB,
# 10 000 history entries, 1 000 executables, two sessions installing at
# once), the same invariants as the full run (no output lost, no
# descriptor leaked, no zombie). About 40 s on the 2-core VM; RUN_SERIAL
# because its figures and its 64-stage pipeline compete with other tests.
# The full run is by hand: python3 tests/load/load.py build/sbxsh
add_test(NAME load/smoke
	COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/load.py --smoke $<TARGET_FILE:sbxsh>)
set_tests_properties(load/smoke PROPERTIES
	SKIP_RETURN_CODE 77 TIMEOUT 300 RUN_SERIAL TRUE
	ENVIRONMENT "SBXSH_SRC=${CMAKE_SOURCE_DIR}")
