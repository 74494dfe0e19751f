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
 *
 * turns is a child subreaper: a command that exits before its own
 * children (sbxsh's supervisor, which answers as soon as the shell says
 * its status, while the shell and the PID namespace's init are still
 * ending) leaves them to turns, which waits for them after the timing,
 * so one round's leftovers do not run into the next. With TURNS_CPU=1 a
 * fifth column is the mean CPU time (user + system) of the whole process
 * tree per run: what the wall time is made of. hyperfine's User/System
 * counts only the processes the command itself waited for, and sbxsh's
 * supervisor waits for neither of the other two (it showed sbxsh at 0.85x
 * bash's CPU for 1.36x its wall time).
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_CMDS = 16 };

struct cmd {
	const char *name;
	char **argv;
	double *t;
	double cpu; /* user + system of every run's whole tree */
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

static double cpu_of_children(void)
{
	struct rusage ru;

	getrusage(RUSAGE_CHILDREN, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* One run of |c|: its wall time, or -1 if it failed. Then waits for
 * what it left to us (see the header), and adds the CPU time of the
 * whole tree to |c|. */
static double run(struct cmd *c, int devnull)
{
	double c0 = cpu_of_children(), t0 = now(), t;
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
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	t = now() - t0;
	while (waitpid(-1, NULL, 0) > 0)
		;
	c->cpu += cpu_of_children() - c0;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return -1;
	return t;
}

int main(int argc, char **argv)
{
	struct cmd cmds[MAX_CMDS];
	int n = 0, rounds, devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	const char *w = getenv("TURNS_WARMUP"), *cpu = getenv("TURNS_CPU");
	int warmup = w ? atoi(w) : 20;
	bool show_cpu = cpu && !strcmp(cpu, "1");

	if (argc < 4 || (rounds = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: turns ROUNDS NAME CMD [ARG...] "
				"[::: NAME CMD [ARG...]]...\n");
		return 2;
	}
	for (int i = 2; i < argc;) {
		int j = i + 1;

		if (n == MAX_CMDS || j >= argc || !strcmp(argv[j], ":::")) {
			fprintf(stderr,
				"turns: expected NAME CMD (at most "
				"%d)\n",
				MAX_CMDS);
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
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	for (int r = -warmup; r < rounds; r++)
		for (int c = 0; c < n; c++) {
			double t;

			if (r == 0)
				cmds[c].cpu =
				    0; /* the warm-up's does not count */
			t = run(&cmds[c], devnull);

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
		printf("%s\t%.9f\t%.9f\t%.9f", cmds[c].name,
		       cmds[c].t[rounds / 2], sum / rounds, cmds[c].t[0]);
		if (show_cpu)
			printf("\t%.9f", cmds[c].cpu / rounds);
		printf("\n");
	}
	return 0;
}
