/* tests/fuzz/replay.c — main() for a harness without libFuzzer: runs
 * LLVMFuzzerTestOneInput() once on each file named, or on each file of
 * each folder named (sorted), so the regression cases of
 * tests/fuzz/regress/<target>/ are replayed by CTest in the ordinary
 * gcc build (and under ASan in the sanitizer pass). Exit 0 when every
 * input ran; a harness check or a sanitizer aborts. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		perror(path);
		return -1;
	}
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : 4096;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got);
	fclose(f);
	fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	size_t ran = 0;
	int bad = 0;

	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat st;
		DIR *d;
		struct dirent *de;
		char **names = NULL;
		size_t nn = 0;

		if (stat(argv[i], &st) < 0) {
			perror(argv[i]);
			bad = 1;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			bad |= run_file(argv[i]) < 0;
			ran++;
			continue;
		}
		if (!(d = opendir(argv[i]))) {
			perror(argv[i]);
			bad = 1;
			continue;
		}
		while ((de = readdir(d))) {
			char *p;

			if (de->d_name[0] == '.')
				continue; /* ., .., .gitkeep */
			if (asprintf(&p, "%s/%s", argv[i], de->d_name) < 0)
				abort();
			names = realloc(names, (nn + 1) * sizeof(*names));
			if (!names)
				abort();
			names[nn++] = p;
		}
		closedir(d);
		if (nn)
			qsort(names, nn, sizeof(*names), cmp);
		for (size_t j = 0; j < nn; j++) {
			bad |= run_file(names[j]) < 0;
			ran++;
			free(names[j]);
		}
		free(names);
	}
	fprintf(stderr, "replay: %zu inputs\n", ran);
	return bad;
}
