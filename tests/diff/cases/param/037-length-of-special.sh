set -- a b c d e f g h i j k
echo ${#}
echo ${#1} ${#11}
