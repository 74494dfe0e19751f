# an unbalanced ) inside [[ ]]
[[ a ) ]]
echo after
