# [[ with no ]] at the end of the input
[[ a
