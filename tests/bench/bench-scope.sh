#!/bin/sh
# Builds and runs the scope checker benchmark (tests/bench/bench_scope.c).
# Usage: tests/bench/bench-scope.sh [BUILD_DIR]   (default: build)
# An unconfigured BUILD_DIR is configured as a Release build first.
# Reports ns per typical command line and ns per byte for 64 KiB, 256 KiB
# and 1 MiB lines: equal ns/byte across the sizes means linear.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
if [ -f "$build/CMakeCache.txt" ]; then
	cmake -S "$src" -B "$build" >/dev/null # picks up a new tests.cmake
else
	cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" --target bench_scope -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
exec "$build/bench_scope"
