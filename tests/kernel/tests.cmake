# tests/kernel: helpers of the escape battery (tests/integration/escape_*.sh,
# failclosed.sh). sbx_confine confines itself with a backend, then execs a
# command: it drives the backends without the shell language.
add_executable(sbx_confine ${CMAKE_SOURCE_DIR}/tests/kernel/sbx_confine.c)
target_link_libraries(sbx_confine PRIVATE sbxbackends)
# sc_probe makes the calls of the seccomp filter for real (rules, the
# open_tree_attr attack, TIOCSCTTY): tests/integration/seccomp_*.sh.
add_executable(sc_probe ${CMAKE_SOURCE_DIR}/tests/kernel/sc_probe.c)
target_link_libraries(sc_probe PRIVATE sbxbackends)
