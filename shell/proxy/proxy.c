/* shell/proxy/proxy.c — the egress proxy's event loop (stub: the proxy
 * comes in the next commits). */
#include <errno.h>

#include "proxy.h"

int px_run(const struct px_config *cfg, struct sbx_diag *d)
{
	(void)cfg;
	return sbx_diag_set(d, -ENOSYS, "the network proxy is not built yet");
}
