set -- a bb ccc
echo ${#1} ${#2} ${#3}
echo ${##}
