# ( without ) inside [[ ]]
[[ ( a ]]
echo after
