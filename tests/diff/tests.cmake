# Differential tests: every case under tests/diff/cases/<area>/ runs under
# dash (bash --posix for the cases in deviations.txt) and under sbxsh, and
# stdout, exit status (and stderr for *-stderr cases) must match.  One CTest
# test per area, named diff/<area>.  See tests/diff/README.md.
#
# Off until the shell language passes the corpus; the lead turns it on with
# -DSBXSH_DIFF_TESTS=ON.
option(SBXSH_DIFF_TESTS "Run the differential shell corpus (needs dash, bash)" OFF)
set(SBXSH_DIFF_ARGS "--check=off" CACHE STRING
	"Extra arguments for sbxsh in the differential tests")

# The tree's binary is named in each command, never in a property (the
# joint CTest run of .ci/setup applies properties by name to both trees:
# CMakeLists.txt, SBXSH_TEST_ENV). Each runs under tests/integration/lib/recap.sh, as the integration tests
# do: a failure's "not ok" lines repeated at the end, and the CPU seconds
# noted when .ci/setup asks (tests/README.md, "CI time").
set(SBXSH_RECAP ${CMAKE_SOURCE_DIR}/tests/integration/lib/recap.sh)
if(SBXSH_DIFF_TESTS)
	find_program(SBXSH_DASH dash)
	find_program(SBXSH_BASH bash)
	if(NOT SBXSH_DASH OR NOT SBXSH_BASH)
		message(WARNING "dash or bash not found: differential tests are not registered")
	else()
		file(GLOB _diff_areas LIST_DIRECTORIES true
			${CMAKE_CURRENT_LIST_DIR}/cases/*)
		foreach(_dir ${_diff_areas})
			if(IS_DIRECTORY ${_dir})
				get_filename_component(_area ${_dir} NAME)
				add_test(NAME diff/${_area}
					COMMAND env SBXSH=$<TARGET_FILE:sbxsh>
						${SBXSH_BASH} ${SBXSH_RECAP} ${SBXSH_BASH}
						${CMAKE_CURRENT_LIST_DIR}/run.sh
						$<TARGET_FILE:sbxsh> ${_area})
				set_tests_properties(diff/${_area} PROPERTIES
					TIMEOUT 900
					ENVIRONMENT "SBXSH_ARGS=${SBXSH_DIFF_ARGS};SBXSH_CPU_NAME=diff/${_area}")
			endif()
		endforeach()
	endif()
endif()

# The bash corpus (issue 24): tests/diff/bash/cases/<area>/ runs under plain
# bash (the default mode's extensions, not --posix) and under sbxsh without
# --posix; stdout, stderr and status must match. One CTest test per area,
# named diffbash/<area>.
if(SBXSH_DIFF_TESTS AND SBXSH_BASH)
	file(GLOB _bash_areas LIST_DIRECTORIES true
		${CMAKE_CURRENT_LIST_DIR}/bash/cases/*)
	foreach(_dir ${_bash_areas})
		if(IS_DIRECTORY ${_dir})
			get_filename_component(_area ${_dir} NAME)
			add_test(NAME diffbash/${_area}
				COMMAND env SBXSH=$<TARGET_FILE:sbxsh>
					${SBXSH_BASH} ${SBXSH_RECAP} ${SBXSH_BASH}
					${CMAKE_CURRENT_LIST_DIR}/run.sh
					--corpus bash -j 2 $<TARGET_FILE:sbxsh> ${_area})
			set_tests_properties(diffbash/${_area} PROPERTIES
				TIMEOUT 300
				ENVIRONMENT "SBXSH_ARGS=--check=off;SBXSH_CPU_NAME=diffbash/${_area}")
		endif()
	endforeach()
endif()

# The sample of everyday commands (issue 24): tests/diff/sample/commands.txt,
# each line run as `-c` under bash and sbxsh in a fresh copy of the same
# scratch folder; stdout, stderr and status must match. CTest: diffsample.
if(SBXSH_DIFF_TESTS AND SBXSH_BASH)
	add_test(NAME diffsample
		COMMAND ${SBXSH_BASH} ${SBXSH_RECAP} ${SBXSH_BASH}
			${CMAKE_CURRENT_LIST_DIR}/sample/run.sh
			-j 2 $<TARGET_FILE:sbxsh>)
	set_tests_properties(diffsample PROPERTIES
		TIMEOUT 1200
		ENVIRONMENT "SBXSH_ARGS=--check=off;SBXSH_CPU_NAME=diffsample")
endif()
