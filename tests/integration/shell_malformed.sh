#!/usr/bin/env bash
# Runs the malformed-input corpus (tests/malformed/) against the built
# sbxsh: clear errors, right statuses, no crash, no hang. In a build with
# -DSBXSH_SANITIZE=ON the binary carries ASan and UBSan, and any report
# fails the case.
set -u
exec bash "${SBXSH_SRC:?}/tests/malformed/run.sh" "${SBXSH:?}"
