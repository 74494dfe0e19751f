echo - 1>/dev/null 3>&1 2>&3 3>&-
echo "status $?"
