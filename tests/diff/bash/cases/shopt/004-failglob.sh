touch a.txt
shopt -s failglob; echo *.txt; echo *.none; echo "not reached $?"
echo "next $?"
for f in *.none; do echo in; done; echo "not reached"
echo "after $?"
shopt -u failglob; echo *.none
