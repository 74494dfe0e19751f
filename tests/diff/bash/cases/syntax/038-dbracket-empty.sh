# [[ ]]: bash says nothing; the last status stays
(exit 4)
[[ ]]
echo after
