# tests/kernel: helpers of the escape battery (tests/integration/escape_*.sh,
# failclosed.sh). sbx_confine confines itself with a backend, then execs a
# command: it drives the backends without the shell language.
add_executable(sbx_confine ${CMAKE_SOURCE_DIR}/tests/kernel/sbx_confine.c)
target_link_libraries(sbx_confine PRIVATE sbxbackends)
