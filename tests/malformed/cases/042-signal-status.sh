# expect: status=143 stderr=^Terminated$
sh -c "kill -TERM \$\$"; exit $?
