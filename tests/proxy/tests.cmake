# The egress proxy alone (tests/integration/proxy_*.py,
# tests/bench/bench-proxy.sh): px_run() with rules from the command line.
add_executable(sbxsh-proxy-test ${CMAKE_SOURCE_DIR}/tests/proxy/sbxsh-proxy-test.c)
target_link_libraries(sbxsh-proxy-test PRIVATE sbxproxy sbxcore)
