/* tests/fuzz/fuzz_config.c — the configuration reader: libinih through
 * shell/session/cfgread.c (cr_load) and what each line means (core/config.c:
 * cfg_section, cfg_option, cfg_route_row, opt_set). The input is the
 * file; the harness writes it, mode 0600, into its private temporary
 * folder (the one file it ever writes) and loads it with --config, once
 * without and once with --workflow, whose [workflow "ID"] lines then
 * apply. An error must come with "config FILE:LINE: ..." or "config
 * FILE: ..." and a [route] row that was taken must be one
 * cfg_route_row() takes. */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "cfgread.h"
#include "config.h"
#include "fuzz.h"

static char file[4200];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (!file[0])
		snprintf(file, sizeof(file), "%s/config", fz_tmpdir());
	return 0;
}

/* What cr_load() read, as struct session's |conf| holds it. */
static struct cr_state cs;

static void load(char **argv, int argc)
{
	struct sbx_opts o;
	struct sbx_diag d = {0};
	const struct rt_extra *rt;
	size_t nrt = 0;
	int rc;
	char prefix[4300];

	FZ_CHECK(opt_parse(argc, argv, &o, &d) == 0);
	rc = cr_load(&cs, argc, argv, &o, &d);
	snprintf(prefix, sizeof(prefix), "config %s", file);
	if (rc < 0) {
		FZ_CHECK(!strncmp(d.msg, prefix, strlen(prefix)));
		FZ_CHECK(d.msg[strlen(prefix)] == ':');
		return;
	}
	FZ_CHECK(rc == 0);
	rt = cr_routes(&cs, &nrt);
	for (size_t i = 0; i < nrt; i++) {
		struct sbx_diag e = {0};
		char *sub = NULL, *bin = NULL;
		struct sbx_buf v = {0};

		buf_puts(&v, rt[i].sub);
		if (rt[i].bin) {
			buf_putc(&v, ' ');
			buf_puts(&v, rt[i].bin);
		}
		FZ_CHECK(cfg_route_row(rt[i].name, v.s, &sub, &bin, &e) == 0);
		FZ_CHECK(!strcmp(sub, rt[i].sub));
		FZ_CHECK(!bin == !rt[i].bin);
		free(sub);
		free(bin);
		buf_free(&v);
		for (size_t j = 0; j < i; j++)
			FZ_CHECK(strcmp(rt[i].name, rt[j].name));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *a1[] = {"sbxsh", "--config", file, NULL};
	char *a2[] = {"sbxsh", "--config", file,	"--workflow",
		      "app",   "--scope",  "read-only", NULL};
	int fd;

	if (!file[0])
		LLVMFuzzerInitialize(NULL, NULL);
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
	FZ_CHECK(fd >= 0);
	FZ_CHECK(write(fd, data, size) == (ssize_t)size);
	close(fd);
	load(a1, 3);
	cr_free(&cs);
	load(a2, 7);
	cr_free(&cs);
	return 0;
}
