# tests/kernel: helpers of the escape battery (tests/integration/escape_*.sh,
# failclosed.sh). sbx_confine confines itself with a backend, then execs a
# command: it drives the backends without the shell language.
add_executable(sbx_confine ${CMAKE_SOURCE_DIR}/tests/kernel/sbx_confine.c)
target_link_libraries(sbx_confine PRIVATE sbxbackends)
# sc_probe makes the calls of the seccomp filter for real (rules, the
# open_tree_attr attack, TIOCSCTTY): tests/integration/seccomp_*.sh.
add_executable(sc_probe ${CMAKE_SOURCE_DIR}/tests/kernel/sc_probe.c)
target_link_libraries(sc_probe PRIVATE sbxbackends)
# no_ia32 runs a command as on a kernel without IA32 emulation (an i386
# call kills the caller): the seccomp tests again under it, so their
# probe-in-a-child and their counted i386 skips are exercised on every
# machine, with IA32 emulation or without (issue 20, item 10).
add_executable(no_ia32 ${CMAKE_SOURCE_DIR}/tests/kernel/no_ia32.c)
if(TARGET test_seccomp)
	add_test(NAME kernel/no_ia32/test_seccomp
		COMMAND no_ia32 $<TARGET_FILE:test_seccomp>)
endif()
foreach(t seccomp_rules seccomp_open_tree_attr)
	# (the tree's binary in the command: CMakeLists.txt, SBXSH_TEST_ENV)
	add_test(NAME kernel/no_ia32/${t}
		COMMAND ${SBXSH_TEST_ENV} $<TARGET_FILE:no_ia32> bash
			${CMAKE_SOURCE_DIR}/tests/integration/lib/recap.sh
			bash ${CMAKE_SOURCE_DIR}/tests/integration/${t}.sh)
	set_tests_properties(kernel/no_ia32/${t} PROPERTIES
		SKIP_RETURN_CODE 77 TIMEOUT 600)
endforeach()
# ll_reuse lays out dead Landlock domain creators on the pids the host's
# next forks get: denials_cross.py's attack on how a session knows its
# domain (backends/audit_sup.c).
add_executable(ll_reuse ${CMAKE_SOURCE_DIR}/tests/kernel/ll_reuse.c)
