# bash takes only a compound command as a function body
f() echo hi
echo after
