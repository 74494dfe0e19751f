/* shell/session/netses.c — the session side of `--network domains`.
 *
 * The order (docs/network.md, "How a session gets its network"):
 *   1. the rules parsed (core/netrule.h): a bad pattern refuses the
 *      session before anything starts;
 *   2. the proxy forked while sbxsh is still in the host's network
 *      namespace: it connects out from there, and resolves names there;
 *   3. sbxsh (the future shell, every job its descendant) unshares a
 *      network namespace of its own, through a user namespace when not
 *      root, brings loopback up and creates the proxy's two listening
 *      sockets on 127.0.0.1 inside it;
 *   4. the sockets passed to the proxy over a socketpair (SCM_RIGHTS):
 *      they are the only way between the two namespaces.
 * Where 3 cannot be done, the session is refused (fail closed): never a
 * session with the host's network for one that asked for domains.
 *
 * The proxy is outside the session's PID namespace and its own session
 * (setsid: a Ctrl-C at the prompt is not for it), holds nothing of the
 * session's but the two listening sockets and the write end of the event
 * pipe, and has its rules in its own memory: a job can connect to the
 * two ports and nothing else of it, so it can neither reach a control
 * side nor change a rule. If it dies, the shell's namespace has no way
 * out at all (it never had the host's network), and the next command's
 * line says so.
 */
#include "netses.h"

#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "json.h"
#include "netrule.h"
#include "proxy.h"

/* The ports inside the namespace, fixed so the variables read the same
 * in every session; another is taken when one is in use (a nested
 * namespace that is not new). */
#define NETS_HTTP_PORT 3128
#define NETS_SOCKS_PORT 1080
/* Events kept for `policy net`. */
#define NETS_KEEP 64

struct nets_event {
	bool deny;
	char host[NR_NAME_MAX + 1];
	unsigned port;
	unsigned long long up, down;
	char rule[NR_TEXT_MAX];
};

static struct {
	int ev_fd; /* the event pipe's read end; -1: none */
	pid_t pid;
	bool gone, said;
	char gone_why[256];
	struct sbx_buf part; /* a line not yet complete */
	struct nets_event ring[NETS_KEEP];
	size_t nring, next;
	unsigned long long ndeny, nconn;
	unsigned hport, sport; /* the ports the proxy listens on */
	bool v6;	       /* ... on ::1 too */
} nets = {.ev_fd = -1};

bool nets_proxy_gone(void)
{
	return nets.gone;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;
	int e;

	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	e = errno;
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -(n < 0 ? e : EIO);
}

/* Step 3: the namespace. As root, a network namespace alone; as another
 * user, with a user namespace that maps the caller's ids to themselves
 * (files keep their owners, `id` says the same), setgroups denied first
 * (CVE-2014-8989). The mount layer later nests its own inside it. */
static int enter_netns(struct sbx_diag *d)
{
	unsigned uid = (unsigned)geteuid(), gid = (unsigned)getegid();
	char map[64];
	int r;

	if (uid == 0) {
		if (unshare(CLONE_NEWNET) < 0)
			return sbx_diag_set(
			    d, -errno,
			    "--network domains: no network namespace here "
			    "(unshare(CLONE_NEWNET): %s); refusing to start "
			    "rather than give the session the host's network",
			    strerror(errno));
		return 0;
	}
	if (unshare(CLONE_NEWUSER | CLONE_NEWNET) < 0)
		return sbx_diag_set(
		    d, -errno,
		    "--network domains: no network namespace here "
		    "(unshare(CLONE_NEWUSER|CLONE_NEWNET): %s); refusing to "
		    "start rather than give the session the host's network",
		    strerror(errno));
	r = write_file("/proc/self/setgroups", "deny");
	if (r < 0 && r != -ENOENT)
		return sbx_diag_set(d, r, "--network domains: setgroups: %s",
				    strerror(-r));
	snprintf(map, sizeof(map), "%u %u 1\n", uid, uid);
	if ((r = write_file("/proc/self/uid_map", map)) < 0)
		return sbx_diag_set(d, r, "--network domains: uid_map: %s",
				    strerror(-r));
	snprintf(map, sizeof(map), "%u %u 1\n", gid, gid);
	if ((r = write_file("/proc/self/gid_map", map)) < 0)
		return sbx_diag_set(d, r, "--network domains: gid_map: %s",
				    strerror(-r));
	return 0;
}

static int lo_up(struct sbx_diag *d)
{
	struct ifreq ifr;
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), r = 0;

	if (s < 0)
		return sbx_diag_set(d, -errno, "--network domains: socket: %s",
				    strerror(errno));
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(s, SIOCGIFFLAGS, &ifr) < 0)
		r = -errno;
	ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
	if (!r && ioctl(s, SIOCSIFFLAGS, &ifr) < 0)
		r = -errno;
	close(s);
	if (r < 0)
		return sbx_diag_set(d, r,
				    "--network domains: bringing loopback "
				    "up: %s",
				    strerror(-r));
	return 0;
}

/* A listening TCP socket on 127.0.0.1:|port| (another port when that one
 * is taken); its port in |*got|. */
static int listen_lo(unsigned port, unsigned *got, struct sbx_diag *d)
{
	struct sockaddr_in a = {.sin_family = AF_INET};
	socklen_t len = sizeof(a);
	int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;

	if (s < 0)
		return sbx_diag_set(d, -errno, "--network domains: socket: %s",
				    strerror(errno));
	(void)setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	a.sin_port = htons((uint16_t)port);
	if (bind(s, (struct sockaddr *)&a, sizeof(a)) < 0) {
		a.sin_port = 0;
		if (bind(s, (struct sockaddr *)&a, sizeof(a)) < 0)
			goto fail;
	}
	if (listen(s, 256) < 0 ||
	    getsockname(s, (struct sockaddr *)&a, &len) < 0)
		goto fail;
	*got = ntohs(a.sin_port);
	return s;
fail:
	sbx_diag_set(d, -errno, "--network domains: listening on 127.0.0.1: %s",
		     strerror(errno));
	close(s);
	return d->err;
}

/* The same on [::1]:|port| (IPv6 only: 127.0.0.1 has its own socket),
 * or -1 where the namespace has no IPv6 loopback (a kernel without IPv6,
 * ipv6.disable=1) or the port is taken there: optional, and a client
 * that tries ::1 then gets ECONNREFUSED or ENETUNREACH at once, never a
 * wait. The same port as on 127.0.0.1, or none: `localhost:3128` must
 * name one proxy whichever address localhost resolves to. */
static int listen_lo6(unsigned port)
{
	struct sockaddr_in6 a = {.sin6_family = AF_INET6};
	int s = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;

	if (s < 0)
		return -1;
	(void)setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	(void)setsockopt(s, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	a.sin6_addr = in6addr_loopback;
	a.sin6_port = htons((uint16_t)port);
	if (bind(s, (struct sockaddr *)&a, sizeof(a)) < 0 ||
	    listen(s, 256) < 0) {
		close(s);
		return -1;
	}
	return s;
}

/* The listening sockets over a socketpair (SCM_RIGHTS): HTTP and SOCKS5
 * on 127.0.0.1, then, when there, the same on ::1; the one byte of
 * payload says how many (2 or 4). One message layout for both ends, so
 * sender and receiver agree. */
struct fd_msg {
	char byte;
	struct iovec iov;
	union {
		char buf[CMSG_SPACE(4 * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct msghdr m;
};

static void fd_msg_init(struct fd_msg *f, int n)
{
	memset(f, 0, sizeof(*f));
	f->byte = (char)('0' + n);
	f->iov.iov_base = &f->byte;
	f->iov.iov_len = 1;
	f->m.msg_iov = &f->iov;
	f->m.msg_iovlen = 1;
	f->m.msg_control = f->u.buf;
	f->m.msg_controllen = CMSG_SPACE((size_t)n * sizeof(int));
}

static int send_fds(int sock, const int *fds, int n)
{
	struct fd_msg f;
	struct cmsghdr *c;

	fd_msg_init(&f, n);
	c = CMSG_FIRSTHDR(&f.m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN((size_t)n * sizeof(int));
	memcpy(CMSG_DATA(c), fds, (size_t)n * sizeof(int));
	return sendmsg(sock, &f.m, MSG_NOSIGNAL) == 1 ? 0 : -errno;
}

/* |fds| gets 4 descriptors, -1 for those not sent. */
static int recv_fds(int sock, int *fds)
{
	struct fd_msg f;
	struct cmsghdr *c;
	int n;

	fd_msg_init(&f, 4);
	if (recvmsg(sock, &f.m, MSG_CMSG_CLOEXEC) != 1)
		return -EIO;
	n = f.byte - '0';
	c = CMSG_FIRSTHDR(&f.m);
	if ((n != 2 && n != 4) || !c || c->cmsg_level != SOL_SOCKET ||
	    c->cmsg_type != SCM_RIGHTS ||
	    c->cmsg_len != CMSG_LEN((size_t)n * sizeof(int)))
		return -EIO;
	fds[2] = fds[3] = -1;
	memcpy(fds, CMSG_DATA(c), (size_t)n * sizeof(int));
	return 0;
}

/* The host's own addresses (refused even for an allowed name: a name
 * that resolves to this machine reaches its services). */
static struct nr_addr *own_addrs(size_t *n)
{
	struct ifaddrs *ifa, *i;
	struct nr_addr *v = NULL;

	*n = 0;
	if (getifaddrs(&ifa) < 0)
		return NULL;
	for (i = ifa; i; i = i->ifa_next) {
		const struct sockaddr *sa = i->ifa_addr;
		struct nr_addr a;
		bool ok = false;

		if (!sa)
			continue;
		if (sa->sa_family == AF_INET)
			ok = nr_addr_from(
			    &a,
			    &((const struct sockaddr_in *)(const void *)sa)
				 ->sin_addr,
			    4);
		else if (sa->sa_family == AF_INET6)
			ok = nr_addr_from(
			    &a,
			    &((const struct sockaddr_in6 *)(const void *)sa)
				 ->sin6_addr,
			    16);
		if (!ok)
			continue;
		v = xrealloc(v, (*n + 1) * sizeof(*v));
		v[(*n)++] = a;
	}
	freeifaddrs(ifa);
	return v;
}

/* Step 2's child: the proxy. Never returns. */
static void proxy_child(const struct nr_set *rules, int sp, int ev,
			pid_t parent)
{
	struct px_config cfg = {.rules = rules, .event_fd = ev};
	struct sbx_diag d = {0};
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	int r, fds[4];

	/* Ends with sbxsh (the supervisor that stays for the session's
	 * life), whatever ends it. */
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(0);
	(void)prctl(PR_SET_NAME, "sbxsh-proxy");
	/* A job of the same uid must not read its memory or attach to it
	 * (/proc/PID/mem, ptrace) even where it could see it. */
	(void)prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	/* Neither the terminal's signals (Ctrl-C at the prompt goes to the
	 * foreground group, which sbxsh is in) nor the terminal itself. */
	(void)setsid();
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	signal(SIGTSTP, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
	}
	/* Nothing of the session's: the run lock, the history file, the
	 * terminal. */
	for (int fd = 3; fd < 1024; fd++)
		if (fd != sp && fd != ev)
			close(fd);
	if (recv_fds(sp, fds) < 0)
		_exit(0); /* the session was refused */
	cfg.http_fd = fds[0];
	cfg.socks_fd = fds[1];
	cfg.http6_fd = fds[2];
	cfg.socks6_fd = fds[3];
	cfg.hosts = own_addrs(&cfg.nhosts);
	if (write(sp, "R", 1) != 1)
		_exit(0);
	close(sp);
	r = px_run(&cfg, &d);
	if (r < 0) {
		struct sbx_buf b = {0};

		buf_puts(&b, "fail ");
		buf_put_shown(&b, d.msg);
		buf_putc(&b, '\n');
		if (write(ev, b.s, b.len) < 0) {
			/* nobody to tell */
		}
	}
	_exit(r < 0 ? 1 : 0);
}

static int build_rules(const struct pol_net *pn, struct nr_set **out,
		       struct sbx_diag *d)
{
	struct nr_set *set = nr_set_new();

	for (size_t i = 0; i < pn->n; i++) {
		const struct pn_rule *r = &pn->rules[i];
		struct sbx_diag e = {0};

		if (nr_add(set, r->pattern, r->deny, r->from, &e) < 0) {
			nr_set_free(set);
			return sbx_diag_set(d, -EINVAL,
					    "--%s-domain %s (%s): %s",
					    r->deny ? "deny" : "allow",
					    r->pattern, r->from, e.msg);
		}
	}
	*out = set;
	return 0;
}

int nets_open(struct sbx_policy *pol, struct sbx_diag *d)
{
	const struct pol_net *pn = pol_net(pol);
	struct nr_set *rules = NULL;
	int sp[2] = {-1, -1}, ev[2] = {-1, -1}, r;
	int lfd[4] = {-1, -1, -1, -1}; /* HTTP, SOCKS5; on ::1 the same */
	unsigned hport = 0, sport = 0;
	char ack = 0, http[32], socks[32];
	pid_t pid, me = getpid();

	if (pn->mode != PN_DOMAINS)
		return 0;
	r = build_rules(pn, &rules, d);
	if (r < 0)
		return r;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sp) < 0 ||
	    pipe2(ev, O_CLOEXEC) < 0) {
		r = sbx_diag_set(d, -errno, "--network domains: %s",
				 strerror(errno));
		goto out;
	}
	/* Room for the lines of a command's many refusals: while the proxy
	 * can write a line straight into the pipe it does so before the
	 * client hears of the refusal (px_event()), so the line is read
	 * before the prompt comes back. Best effort: a smaller pipe only
	 * makes that hold for fewer lines per command. */
	(void)fcntl(ev[1], F_SETPIPE_SZ, PX_EVENT_BUF_MAX);
	pid = fork();
	if (pid < 0) {
		r = sbx_diag_set(d, -errno, "--network domains: fork: %s",
				 strerror(errno));
		goto out;
	}
	if (pid == 0)
		proxy_child(rules, sp[1], ev[1], me);
	close(sp[1]);
	close(ev[1]);
	sp[1] = ev[1] = -1;
	r = enter_netns(d);
	if (r == 0)
		r = lo_up(d);
	if (r == 0 && (lfd[0] = listen_lo(NETS_HTTP_PORT, &hport, d)) < 0)
		r = lfd[0];
	if (r == 0 && (lfd[1] = listen_lo(NETS_SOCKS_PORT, &sport, d)) < 0)
		r = lfd[1];
	if (r == 0) {
		lfd[2] = listen_lo6(hport);
		lfd[3] = lfd[2] >= 0 ? listen_lo6(sport) : -1;
		if (lfd[3] < 0 && lfd[2] >= 0) {
			close(lfd[2]);
			lfd[2] = -1;
		}
	}
	if (r == 0 && send_fds(sp[0], lfd, lfd[3] >= 0 ? 4 : 2) < 0)
		r = sbx_diag_set(d, -EIO,
				 "--network domains: the proxy did not start");
	if (r == 0) {
		ssize_t n;

		do
			n = read(sp[0], &ack, 1);
		while (n < 0 && errno == EINTR);
		if (n != 1 || ack != 'R')
			r = sbx_diag_set(d, -EIO,
					 "--network domains: the proxy did "
					 "not start");
	}
	if (r < 0) {
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		goto out;
	}
	snprintf(http, sizeof(http), "127.0.0.1:%u", hport);
	snprintf(socks, sizeof(socks), "127.0.0.1:%u", sport);
	pol_net_set_proxy(pol, http, socks);
	(void)fcntl(ev[0], F_SETFL, O_NONBLOCK);
	/* in the shell's own range, close-on-exec: never a job's */
	nets.ev_fd = fcntl(ev[0], F_DUPFD_CLOEXEC, SBX_FD_PRIVATE);
	if (nets.ev_fd < 0) {
		nets.ev_fd = ev[0];
		ev[0] = -1;
	}
	nets.pid = pid;
	nets.hport = hport;
	nets.sport = sport;
	nets.v6 = lfd[3] >= 0;
out:
	for (int i = 0; i < 2; i++) {
		if (sp[i] >= 0)
			close(sp[i]);
		if (ev[i] >= 0)
			close(ev[i]);
	}
	for (int i = 0; i < 4; i++)
		if (lfd[i] >= 0)
			close(lfd[i]);
	nr_set_free(rules);
	return r;
}

static void keep(const struct nets_event *e)
{
	nets.ring[nets.next] = *e;
	nets.next = (nets.next + 1) % NETS_KEEP;
	if (nets.nring < NETS_KEEP)
		nets.nring++;
	if (e->deny)
		nets.ndeny++;
	else
		nets.nconn++;
}

/* One line of the proxy's (shell/proxy/proxy.h): printable ASCII only,
 * already escaped by the proxy; escaped once more where printed, since
 * a job chose the host name. */
static void take_line(char *line, bool explain, struct sbx_buf *out)
{
	struct nets_event e = {0};
	char *save = NULL, *w = strtok_r(line, " ", &save);
	char *host, *port, *rest;

	if (!w)
		return;
	if (!strcmp(w, "fail")) {
		rest = strtok_r(NULL, "", &save);
		snprintf(nets.gone_why, sizeof(nets.gone_why), "%s",
			 rest ? rest : "");
		return;
	}
	e.deny = !strcmp(w, "deny");
	if (!e.deny && strcmp(w, "conn"))
		return; /* a kind this version does not know */
	host = strtok_r(NULL, " ", &save);
	port = strtok_r(NULL, " ", &save);
	if (!host || !port)
		return;
	snprintf(e.host, sizeof(e.host), "%s", host);
	e.port = (unsigned)strtoul(port, NULL, 10);
	if (!e.deny) {
		char *up = strtok_r(NULL, " ", &save);
		char *down = strtok_r(NULL, " ", &save);

		e.up = up ? strtoull(up, NULL, 10) : 0;
		e.down = down ? strtoull(down, NULL, 10) : 0;
	}
	rest = strtok_r(NULL, "", &save);
	snprintf(e.rule, sizeof(e.rule), "%s", rest ? rest : "");
	keep(&e);
	if (!e.deny || !explain)
		return;
	{
		struct sbx_buf l = {0};

		if (!strcmp(e.host, "-"))
			buf_printf(&l,
				   "sbxsh: denied: network (%s) — policy net",
				   e.rule);
		else
			buf_printf(&l,
				   "sbxsh: denied: network %s:%u (%s) — policy "
				   "why --host %s:%u",
				   e.host, e.port, e.rule, e.host, e.port);
		buf_put_shown(out, l.s);
		buf_putc(out, '\n');
		buf_free(&l);
	}
}

void nets_after_cmd(bool explain)
{
	struct sbx_buf out = {0};
	char buf[8192];
	ssize_t n;

	if (nets.ev_fd < 0 && !nets.gone)
		return;
	while (nets.ev_fd >= 0) {
		n = read(nets.ev_fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break; /* EAGAIN: nothing more now */
		if (n == 0) {
			close(nets.ev_fd);
			nets.ev_fd = -1;
			nets.gone = true;
			break;
		}
		buf_putn(&nets.part, buf, (size_t)n);
		for (;;) {
			char *nl = nets.part.s ? memchr(nets.part.s, '\n',
							nets.part.len)
					       : NULL;
			size_t k;

			if (!nl)
				break;
			*nl = '\0';
			k = (size_t)(nl - nets.part.s) + 1;
			take_line(nets.part.s, explain, &out);
			memmove(nets.part.s, nets.part.s + k,
				nets.part.len - k);
			nets.part.len -= k;
			nets.part.s[nets.part.len] = '\0';
		}
		/* a line the proxy never ends is not one: bounded */
		if (nets.part.len > 4096)
			nets.part.len = 0;
	}
	if (nets.gone && !nets.said) {
		struct sbx_buf l = {0};

		nets.said = true;
		if (nets.pid > 0)
			(void)waitpid(nets.pid, NULL, WNOHANG);
		buf_printf(&l,
			   "sbxsh: network: the proxy has ended%s%s%s: this "
			   "session has no network now (its namespace has no "
			   "other way out); start a new session to get it "
			   "back",
			   nets.gone_why[0] ? " (" : "", nets.gone_why,
			   nets.gone_why[0] ? ")" : "");
		buf_put_shown(&out, l.s);
		buf_putc(&out, '\n');
		buf_free(&l);
	}
	if (out.len && write(2, out.s, out.len) < 0) {
		/* stderr closed: nothing to tell */
	}
	buf_free(&out);
}

void nets_format(struct sbx_buf *b, bool json)
{
	size_t first = (nets.next + NETS_KEEP - nets.nring) % NETS_KEEP;
	struct json_w w;

	nets_after_cmd(false);
	if (json) {
		json_begin(&w, b);
		json_obj(&w, NULL, JSON_LINES);
		json_bool(&w, "proxy_running", nets.ev_fd >= 0);
		json_bool(&w, "listens_on_ipv6_loopback", nets.v6);
		/* the ports inside the session's namespace, as the text's
		 * "listening:" line; 0 where there is no proxy */
		json_u64(&w, "http_port", nets.hport);
		json_u64(&w, "socks_port", nets.sport);
		json_u64(&w, "connections", nets.nconn);
		json_u64(&w, "refusals", nets.ndeny);
		json_arr(&w, "recent", JSON_LINES);
		for (size_t i = 0; i < nets.nring; i++) {
			const struct nets_event *e =
			    &nets.ring[(first + i) % NETS_KEEP];

			json_obj(&w, NULL, JSON_INLINE);
			json_str(&w, "event", e->deny ? "deny" : "conn");
			json_str(&w, "host", e->host);
			json_u64(&w, "port", e->port);
			json_u64(&w, "bytes_up", e->up);
			json_u64(&w, "bytes_down", e->down);
			json_str(&w, "rule", e->rule);
			json_end(&w);
		}
		json_end(&w);
		json_end(&w);
		buf_putc(b, '\n');
		return;
	}
	if (nets.ev_fd < 0 && !nets.gone) {
		buf_puts(b, "network: no proxy in this session (policy says "
			    "its mode)\n");
		return;
	}
	buf_printf(b, "proxy: %s; %llu connection%s, %llu refusal%s\n",
		   nets.ev_fd >= 0 ? "running" : "ended", nets.nconn,
		   nets.nconn == 1 ? "" : "s", nets.ndeny,
		   nets.ndeny == 1 ? "" : "s");
	if (nets.v6)
		buf_printf(b,
			   "  listening: 127.0.0.1 and [::1], ports %u (HTTP) "
			   "and %u (SOCKS5)\n",
			   nets.hport, nets.sport);
	else
		buf_printf(b,
			   "  listening: 127.0.0.1 only (no IPv6 loopback in "
			   "the namespace), ports %u (HTTP) and %u (SOCKS5)\n",
			   nets.hport, nets.sport);
	for (size_t i = 0; i < nets.nring; i++) {
		const struct nets_event *e =
		    &nets.ring[(first + i) % NETS_KEEP];
		struct sbx_buf l = {0};

		if (e->deny)
			buf_printf(&l, "  denied  %s:%u  (%s)", e->host,
				   e->port, e->rule);
		else
			buf_printf(
			    &l, "  conn    %s:%u  up %llu B, down %llu B  (%s)",
			    e->host, e->port, e->up, e->down, e->rule);
		buf_put_shown(b, l.s);
		buf_putc(b, '\n');
		buf_free(&l);
	}
}

/* HOST, HOST:PORT, [V6]:PORT, or a bare IPv6 literal. */
static bool split_host(const char *s, char *host, size_t cap, unsigned *port)
{
	const char *colon = strrchr(s, ':'), *hend;
	char *end;

	*port = 443;
	if (s[0] == '[') {
		const char *rb = strchr(s, ']');

		if (!rb)
			return false;
		if (rb[1] == ':') {
			unsigned long p = strtoul(rb + 2, &end, 10);

			if (!rb[2] || *end || p == 0 || p > 65535)
				return false;
			*port = (unsigned)p;
		} else if (rb[1]) {
			return false;
		}
		hend = rb + 1;
	} else if (colon && strchr(s, ':') == colon) {
		unsigned long p = strtoul(colon + 1, &end, 10);

		if (!colon[1] || *end || p == 0 || p > 65535)
			return false;
		*port = (unsigned)p;
		hend = colon;
	} else {
		hend = s + strlen(s);
	}
	if (hend == s || (size_t)(hend - s) >= cap)
		return false;
	memcpy(host, s, (size_t)(hend - s));
	host[hend - s] = '\0';
	return true;
}

int nets_why_host(const struct sbx_policy *pol, const char *hostport, bool json,
		  struct sbx_buf *b, struct sbx_buf *err)
{
	const struct pol_net *pn = pol_net(pol);
	char host[NR_NAME_MAX + 3];
	unsigned port;
	struct nr_verdict v;
	struct nr_set *set = NULL;
	struct sbx_diag d = {0};
	const char *verdict, *rule;
	SBX_AUTOFREE char *remedy = NULL, *config = NULL, *detail = NULL;
	bool allowed;

	memset(&v, 0, sizeof(v));
	if (!split_host(hostport, host, sizeof(host), &port)) {
		buf_printf(err,
			   "policy why --host %s: expected HOST or HOST:PORT\n",
			   hostport);
		return 2;
	}
	if (pn->mode == PN_ON) {
		allowed = true;
		rule = "network on";
		detail = xstrdup("the session has the host's network: nothing "
				 "is decided per host");
	} else if (pn->mode == PN_OFF) {
		allowed = false;
		rule = "network off";
		detail = xstrdup("--network off: no TCP or UDP socket can be "
				 "opened");
		remedy = xasprintf("--network domains --allow-domain %s", host);
		config = xasprintf("[network] mode = domains, allow = %s   (in "
				   "$XDG_CONFIG_HOME/sbxsh/config)",
				   host);
	} else {
		if (build_rules(pn, &set, &d) < 0) {
			buf_printf(err, "policy why: %s\n", d.msg);
			return 2;
		}
		allowed = nr_decide_name(set, host, port, &v);
		nr_set_free(set);
		rule = v.why == NR_WHY_RULE
			   ? (allowed ? "allow rule" : "deny rule")
		       : v.why == NR_WHY_BAD_HOST ? "not a host name"
						  : "allow list";
		detail = xasprintf(
		    "%s%s", v.text,
		    allowed ? "; each address the name resolves to must "
			      "still not be loopback, private, link-local or "
			      "cloud metadata unless a rule names it"
			    : "");
		if (!allowed && v.why == NR_WHY_RULE && v.has_rule) {
			remedy = xasprintf("drop the deny rule %s (%s)",
					   v.rule.pattern, v.rule.origin);
		} else if (!allowed && v.why != NR_WHY_BAD_HOST) {
			const char *h = v.host[0] ? v.host : host;
			bool v6 = strchr(h, ':') && h[0] != '[';

			remedy =
			    xasprintf("--allow-domain %s%s%s:%u (a new "
				      "session)",
				      v6 ? "[" : "", h, v6 ? "]" : "", port);
			config =
			    xasprintf("[network] allow = %s%s%s:%u   (in "
				      "$XDG_CONFIG_HOME/sbxsh/config)",
				      v6 ? "[" : "", h, v6 ? "]" : "", port);
		}
	}
	verdict = allowed ? "allowed" : "denied";
	if (json) {
		struct json_w w;

		json_begin(&w, b);
		json_obj(&w, NULL, JSON_INLINE);
		json_str(&w, "access", "network");
		json_str(&w, "host", host);
		json_u64(&w, "port", port);
		json_str(&w, "mode", pn_mode_name(pn));
		json_bool(&w, "allowed", allowed);
		json_str(&w, "rule", rule);
		json_str(&w, "detail", detail);
		json_str(&w, "remedy", remedy);
		json_str(&w, "config", config);
		json_end(&w);
		buf_putc(b, '\n');
	} else {
		buf_printf(b,
			   "network %s:%u\n  verdict:   %s\n  rule:      "
			   "%s: %s\n",
			   host, port, verdict, rule, detail);
		if (remedy)
			buf_printf(b, "  to allow:  %s\n", remedy);
		if (config)
			buf_printf(b, "  or:        %s\n", config);
	}
	return allowed ? 0 : 1;
}
