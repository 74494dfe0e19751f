/* tests/fuzz/fuzz.h — what the harnesses share. Each fuzz_<target>.c
 * defines LLVMFuzzerTestOneInput() (and may define
 * LLVMFuzzerInitialize()); it is linked either with libFuzzer (clang,
 * -DSBXSH_FUZZ=ON: tests/fuzz/run.sh) or with replay.c, whose main()
 * feeds it the files of tests/fuzz/regress/<target>/ in any build.
 *
 * A harness states what must hold with FZ_CHECK(): a failure abort()s,
 * which libFuzzer records as a crash and the replay test as a failure,
 * with or without sanitizers. */
#ifndef SBX_FUZZ_H
#define SBX_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FZ_CHECK(cond)                                                         \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
				__LINE__, #cond);                              \
			abort();                                               \
		}                                                              \
	} while (0)

/* |data| as a NUL-terminated string (an embedded NUL ends it early, as
 * it would for any C string the shell hands on). New memory. */
char *fz_str(const uint8_t *data, size_t size);

/* A private temporary folder for the harnesses that need the disk
 * (the completion's PATH and files, the configuration file), made
 * once under $TMPDIR (else /tmp) and removed at exit. Nothing else of
 * the filesystem is ever written. */
const char *fz_tmpdir(void);

#endif
