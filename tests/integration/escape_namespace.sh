#!/bin/bash
# Escape battery against --backend namespace (see
# tests/kernel/escape_lib.bash), plus its private /tmp.
BACKEND=namespace
. "${SBXSH_SRC:-$(dirname "$0")/../..}/tests/kernel/escape_lib.bash"

namespace_extra() {
	local name=sbxesc-private-$$
	SBX_EXTRA=--private-tmp sbx "echo p > /tmp/$name && cat /tmp/$name"
	check "[$WHO] --private-tmp: /tmp is writable inside" has p
	check "[$WHO] --private-tmp: ... and the file is not in the real /tmp" \
		[ ! -e "/tmp/$name" ]
	rm -f "/tmp/$name"
}

escape_main namespace_extra
