# Benchmarks: built with the tree, never run by CTest (timings depend on
# the machine). Run them through their scripts, e.g.
#   tests/bench/bench-scope.sh BUILD_DIR
add_executable(bench_scope ${CMAKE_SOURCE_DIR}/tests/bench/bench_scope.c)
target_link_libraries(bench_scope PRIVATE sbxcore)
# bench-session.sh times its start-ups with it: commands in turns.
add_executable(turns ${CMAKE_SOURCE_DIR}/tests/bench/turns.c)
