# Fuzzing (tests/fuzz/README.md). Each harness fuzz_<target>.c is built
# twice:
#   replay_<target>  with replay.c's main(), in every build: the CTest
#                    test fuzz/<target> replays tests/fuzz/regress/<target>/
#                    (each crash or hang the fuzzer found, fixed) and the
#                    small seed corpus tests/fuzz/seeds/<target>/
#   fuzz_<target>    with libFuzzer, only with -DSBXSH_FUZZ=ON (clang):
#                    tests/fuzz/run.sh SECONDS fuzzes each one
set(SBXSH_FUZZ_TARGETS parse expand arith scope route json prompt complete
	config cachetar httphead netrule)
foreach(t ${SBXSH_FUZZ_TARGETS})
	set(_src ${CMAKE_CURRENT_LIST_DIR}/fuzz_${t}.c
		${CMAKE_CURRENT_LIST_DIR}/fuzz_util.c)
	add_executable(replay_${t} ${_src} ${CMAKE_CURRENT_LIST_DIR}/replay.c)
	target_include_directories(replay_${t} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
	target_link_libraries(replay_${t} PRIVATE sbxshell)
	set(_args ${CMAKE_CURRENT_LIST_DIR}/regress/${t})
	if(IS_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/seeds/${t})
		list(APPEND _args ${CMAKE_CURRENT_LIST_DIR}/seeds/${t})
	endif()
	add_test(NAME fuzz/${t} COMMAND replay_${t} ${_args})
	set_tests_properties(fuzz/${t} PROPERTIES TIMEOUT 300)
	if(SBXSH_FUZZ)
		add_executable(fuzz_${t} ${_src})
		target_include_directories(fuzz_${t} PRIVATE
			${CMAKE_CURRENT_LIST_DIR})
		target_link_libraries(fuzz_${t} PRIVATE sbxshell)
		target_link_options(fuzz_${t} PRIVATE -fsanitize=fuzzer)
	endif()
endforeach()
# The proxy's head parser lives in sbxproxy (shell/proxy/), which the
# shell does not link.
foreach(_t replay_httphead fuzz_httphead)
	if(TARGET ${_t})
		target_link_libraries(${_t} PRIVATE sbxproxy)
	endif()
endforeach()
# The completion harness sees the disk only through its own opendir,
# stat and access (fuzz_complete.c): a private temporary folder.
foreach(_t replay_complete fuzz_complete)
	if(TARGET ${_t})
		target_link_options(${_t} PRIVATE
			-Wl,--wrap=opendir,--wrap=stat,--wrap=access)
	endif()
endforeach()
