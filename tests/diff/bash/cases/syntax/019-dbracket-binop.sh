#MODES: file,c,stdin,pipe
# [[ a b ]]: a binary operator was expected; the script ends with
# the last command's status
(exit 3)
[[ a b ]]
echo after
