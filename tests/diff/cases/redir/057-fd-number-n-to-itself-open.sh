exec 5>f
echo hi 5>&5 >&5
cat f
