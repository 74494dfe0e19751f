x=1
unset x
echo "[${x-unset}]"
unset never_set
echo "status $?"
