# Scheduling only: each long test's seconds (the most either CI pass took,
# tests/README.md "CI time"), as CTest's COST, so that `ctest -jN` in a
# fresh clone (no Testing/Temporary/CTestCostData.txt yet) starts the
# long tests first instead of in name order, where a 100-second test
# started last would keep one core busy alone at the end. Changes what
# runs when, never what runs. Included by the tests/*/tests.cmake glob in
# CMakeLists.txt, after the integration tests are added.
set(SBXSH_TEST_COSTS
	integration/faults.sh 117
	integration/concurrent.sh 96
	integration/cred_files.sh 72
	integration/side_doors.sh 66
	integration/deb.sh 56
	integration/hostile.sh 49
	integration/git_protect.sh 48
	integration/escape_state.sh 47
	integration/privilege.sh 41
	integration/explain.sh 40
	integration/denials_cross.py 14
	integration/net_domains.sh 25
	integration/cache_import.sh 34
	integration/secrets.sh 21
	integration/config.sh 21
	integration/escape_landlock.sh 20
	integration/shell_malformed.sh 19
	integration/pty_harness.py 17
	integration/failclosed.sh 16
	integration/escape_control.sh 16
	integration/sockets_inode.sh 15
	integration/pty_rc.py 15
	diff/invoke 14
	integration/startup_open.sh 13
	integration/escape_namespace.sh 13
	integration/persist.sh 12
	integration/pty_jobs.py 13
	integration/escape_mountlayer.sh 11)
list(LENGTH SBXSH_TEST_COSTS n)
math(EXPR last "${n} - 1")
foreach(i RANGE 0 ${last} 2)
	math(EXPR j "${i} + 1")
	list(GET SBXSH_TEST_COSTS ${i} name)
	list(GET SBXSH_TEST_COSTS ${j} cost)
	# A test another branch renamed or removed: no error, no cost.
	if(TEST ${name})
		set_tests_properties(${name} PROPERTIES COST ${cost})
	endif()
endforeach()

# The tests that turn the host's audit switch on and back off at their
# end, and explain.sh, whose silent-tool case depends on it, never run at
# the same time: one's exit would turn audit off under another.
foreach(t integration/denials_kernel.py integration/denials_mount.py
	integration/denials_cross.py integration/explain.sh)
	if(TEST ${t})
		set_tests_properties(${t} PROPERTIES RESOURCE_LOCK kernel_audit)
	endif()
endforeach()
