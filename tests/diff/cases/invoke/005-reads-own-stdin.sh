read line
echo data-line-executed-as-command
echo "read: [$line]"
