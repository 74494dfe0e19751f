alias loop='for i in 1 2; do'
loop echo "i=$i"; done
