export NOVAL
sh -c 'echo "${NOVAL-unset}"'
NOVAL=now
sh -c 'echo "${NOVAL-unset}"'
