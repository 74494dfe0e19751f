# expect: status=143 stderr=
sh -c "kill -TERM \$\$"; exit $?
