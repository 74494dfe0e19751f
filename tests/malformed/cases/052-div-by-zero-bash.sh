# expect: status=0 stderr=line 4: 1/0: division by 0 \(error token is "0"\)
# bash's words; the line is dropped, the script goes on (dash's exit is 008)
echo before
echo $((1/0)); echo never
echo after
