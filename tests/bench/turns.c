/* tests/bench/turns.c — wall time of a few commands, measured in turns.
 *
 *   turns ROUNDS NAME CMD [ARG...] [::: NAME CMD [ARG...]]...
 *
 * (":::" separates the commands, so that a command may take "--".)
 * Each round starts every command once, one after the other (fork, exec,
 * waitpid; stdout and stderr to /dev/null), after $TURNS_WARMUP warm-up
 * rounds (20). A
 * machine that gets busier or quieter during the run then shifts every
 * command alike, which running all of one command before the next (as
 * hyperfine does) cannot promise on a noisy VM. Prints, per command,
 * "NAME<TAB>median<TAB>mean<TAB>min" in seconds; exits 1 if a command
 * could not run or failed.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_CMDS = 16 };

struct cmd {
	const char *name;
	char **argv;
	double *t;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One run of |c|: its wall time, or -1 if it failed. */
static double run(const struct cmd *c, int devnull)
{
	double t0 = now();
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(devnull, 1);
		dup2(devnull, 2);
		execvp(c->argv[0], c->argv);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		return -1;
	return now() - t0;
}

int main(int argc, char **argv)
{
	struct cmd cmds[MAX_CMDS];
	int n = 0, rounds, devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	const char *w = getenv("TURNS_WARMUP");
	int warmup = w ? atoi(w) : 20;

	if (argc < 4 || (rounds = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: turns ROUNDS NAME CMD [ARG...] "
				"[::: NAME CMD [ARG...]]...\n");
		return 2;
	}
	for (int i = 2; i < argc;) {
		int j = i + 1;

		if (n == MAX_CMDS || j >= argc || !strcmp(argv[j], ":::")) {
			fprintf(stderr, "turns: expected NAME CMD (at most "
					"%d)\n", MAX_CMDS);
			return 2;
		}
		cmds[n].name = argv[i];
		cmds[n].argv = &argv[j];
		while (j < argc && strcmp(argv[j], ":::") != 0)
			j++;
		if (j < argc)
			argv[j++] = NULL; /* ends this command's argv */
		cmds[n].t = calloc((size_t)rounds, sizeof(double));
		if (!cmds[n].t)
			return 2;
		n++;
		i = j;
	}
	for (int r = -warmup; r < rounds; r++)
		for (int c = 0; c < n; c++) {
			double t = run(&cmds[c], devnull);

			if (t < 0) {
				fprintf(stderr, "turns: %s failed\n",
					cmds[c].name);
				return 1;
			}
			if (r >= 0)
				cmds[c].t[r] = t;
		}
	for (int c = 0; c < n; c++) {
		double sum = 0;

		for (int r = 0; r < rounds; r++)
			sum += cmds[c].t[r];
		qsort(cmds[c].t, (size_t)rounds, sizeof(double), by_value);
		printf("%s\t%.9f\t%.9f\t%.9f\n", cmds[c].name,
		       cmds[c].t[rounds / 2], sum / rounds, cmds[c].t[0]);
	}
	return 0;
}
