# sbxsh_fault: sbxsh with the shell's own call sites (shell/interp/fault.h)
# built again with SBXSH_FAULT, so tests/integration/faults.sh can fail
# the Nth pipe, fork, write, open, flock or rename of the confined shell,
# which strace cannot reach alone (its counts are per process, and the
# supervisor makes the first of each). Built with the tree (about 3 s on
# 2 cores), never installed: the release sbxsh has no such hook.
set(SBXSH_FAULT_SRC interp/eval.c interp/exec.c interp/jobs.c interp/redir.c
	interp/run.c interactive/lineedit.c interactive/histfile.c interp/output.c interp/fault.c
	main.c)
list(TRANSFORM SBXSH_FAULT_SRC PREPEND ${CMAKE_SOURCE_DIR}/shell/)
add_executable(sbxsh_fault ${SBXSH_FAULT_SRC})
target_compile_definitions(sbxsh_fault PRIVATE SBXSH_FAULT)
target_link_libraries(sbxsh_fault PRIVATE sbxshell)
if(SBXSH_HAVE_STATIC_PIE)
	target_link_options(sbxsh_fault PRIVATE -static-pie)
endif()
