# ERR in loops, case, pipelines with pipefail, and $? inside the action
trap 'echo "ERR[$?]"' ERR
for i in 1 2; do false; done
case x in x) sh -c 'exit 5' ;; esac
set -o pipefail
false | true
set +o pipefail
false | true
until true; do :; done
[ -z x ] || echo alt
echo "last $?"
