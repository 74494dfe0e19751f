set -C
echo to-null > /dev/null
echo "status $?"
echo new > newfile
cat newfile
