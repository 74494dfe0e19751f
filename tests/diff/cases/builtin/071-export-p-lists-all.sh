x=1
export x
export -p y | grep -c '^export x='
