# The delimiter is the word after quote removal, nothing expanded
# (XCU 2.7.4); dash takes $( as a syntax error (deviations.txt).
cat <<$(x)
hello
$(x)
echo after
