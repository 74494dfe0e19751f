# Benchmarks: built with the tree, never run by CTest (timings depend on
# the machine). Run them through their scripts, e.g.
#   tests/bench/bench-scope.sh BUILD_DIR
add_executable(bench_scope ${CMAKE_SOURCE_DIR}/tests/bench/bench_scope.c)
target_link_libraries(bench_scope PRIVATE sbxcore)
# bench-session.sh times its start-ups with it: commands in turns.
add_executable(turns ${CMAKE_SOURCE_DIR}/tests/bench/turns.c)
# What each side door costs at start-up (bench-session.sh): sbxsh with
# the backends' files that read them (backend.c, be_base.c, be_tail.c,
# mounts.c, audit_sup.c, pidns.c) built again with SBXSH_BENCH_KNOBS,
# which lets $SBXSH_BENCH_OFF leave a door out ("pidns", "doors", "caps",
# "ipcns") or a denial source ("llaudit": the kernel's records, "mntaudit":
# the mount layer's audit rules). Built with the tree, for one test too
# (privilege.sh: $SBXSH_KNOB_INIT_FIRST makes the PID namespace's
# supervisor wait for its init's end before its first write, an order
# strace's delays gave only by chance); never installed.
add_executable(sbxsh_knobs ${CMAKE_SOURCE_DIR}/shell/main.c
	${CMAKE_SOURCE_DIR}/backends/backend.c
	${CMAKE_SOURCE_DIR}/backends/be_base.c
	${CMAKE_SOURCE_DIR}/backends/be_tail.c
	${CMAKE_SOURCE_DIR}/backends/mounts.c
	${CMAKE_SOURCE_DIR}/backends/audit_sup.c
	${CMAKE_SOURCE_DIR}/backends/pidns.c)
target_compile_definitions(sbxsh_knobs PRIVATE SBXSH_BENCH_KNOBS)
target_include_directories(sbxsh_knobs PRIVATE ${CMAKE_SOURCE_DIR}/backends)
target_link_libraries(sbxsh_knobs PRIVATE sbxshell)
if(SBXSH_HAVE_STATIC_PIE)
	target_link_options(sbxsh_knobs PRIVATE -static-pie)
endif()
