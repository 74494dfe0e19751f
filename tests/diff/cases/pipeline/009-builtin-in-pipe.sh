echo piped | cat
cd / | pwd >/dev/null
x=1; x=2 | true; echo "x=$x"
