set -x
if true; then :; fi
for i in a b; do : $i; done
set +x
