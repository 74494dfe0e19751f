/* tests/proxy/sbxsh-proxy-test.c — runs the egress proxy (px_run) alone
 * for the tests and the benchmark: listening sockets on 127.0.0.1, rules
 * from the command line, event lines on standard output (a pipe: the
 * proxy ends when its reader does).
 *
 * usage: sbxsh-proxy-test [--allow P]... [--deny P]... [--own ADDR]...
 *        [--head-timeout MS] [--max-conns N] [--no-confine] --ready FILE
 * FILE gets "HTTP_PORT SOCKS_PORT\n" once both sockets listen. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "netrule.h"
#include "proxy.h"

static int listen_lo(unsigned *port)
{
	struct sockaddr_in sa = {.sin_family = AF_INET};
	socklen_t sl = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(fd, (struct sockaddr *)&sa, sizeof(sa)) || listen(fd, 1024) ||
	    getsockname(fd, (struct sockaddr *)&sa, &sl)) {
		perror("sbxsh-proxy-test: listen");
		exit(2);
	}
	*port = ntohs(sa.sin_port);
	return fd;
}

int main(int argc, char **argv)
{
	struct nr_set *rules = nr_set_new();
	struct nr_addr own[16];
	struct px_config cfg = {.rules = rules,
				.event_fd = 1,
				.hosts = own,
				.http6_fd = -1,
				.socks6_fd = -1};
	struct sbx_diag d = {0};
	const char *ready = NULL;
	unsigned hp, sp;
	FILE *f;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--no-confine")) {
			cfg.no_confine = 1;
			continue;
		}
		if (!v) {
			fprintf(stderr, "sbxsh-proxy-test: %s needs a value\n",
				a);
			return 2;
		}
		i++;
		if (!strcmp(a, "--allow") || !strcmp(a, "--deny")) {
			bool deny = !strcmp(a, "--deny");

			if (nr_add(rules, v, deny,
				   deny ? "--deny-domain" : "--allow-domain",
				   &d) < 0) {
				fprintf(stderr, "sbxsh-proxy-test: %s\n",
					d.msg);
				return 2;
			}
		} else if (!strcmp(a, "--own") && cfg.nhosts < 16) {
			if (!nr_addr_parse(v, &own[cfg.nhosts++])) {
				fprintf(stderr, "sbxsh-proxy-test: bad %s\n",
					v);
				return 2;
			}
		} else if (!strcmp(a, "--head-timeout")) {
			cfg.head_timeout_ms = (unsigned)atoi(v);
		} else if (!strcmp(a, "--max-conns")) {
			cfg.max_conns = (unsigned)atoi(v);
		} else if (!strcmp(a, "--ready")) {
			ready = v;
		} else {
			fprintf(stderr, "sbxsh-proxy-test: unknown %s\n", a);
			return 2;
		}
	}
	cfg.http_fd = listen_lo(&hp);
	cfg.socks_fd = listen_lo(&sp);
	if (ready) {
		char tmp[4096];

		snprintf(tmp, sizeof(tmp), "%s.tmp", ready);
		f = fopen(tmp, "w");
		if (!f || fprintf(f, "%u %u\n", hp, sp) < 0 || fclose(f) ||
		    rename(tmp, ready)) {
			perror("sbxsh-proxy-test: ready file");
			return 2;
		}
	}
	if (px_run(&cfg, &d) < 0) {
		fprintf(stderr, "sbxsh-proxy-test: %s\n", d.msg);
		return 1;
	}
	nr_set_free(rules);
	return 0;
}
