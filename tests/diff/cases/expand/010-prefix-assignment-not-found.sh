A=1 B=$A ./no_such_command 2>/dev/null
echo "status $? [${A-unset}][${B-unset}]"
