for (( i = 0; i < 3; i++ )); do echo "i=$i"; done
for ((j=10; j>7; j--)) do echo "j=$j"; done
for (( ; ; )); do k=$((k+1)); [ $k -ge 3 ] && break; done; echo "k=$k"
for ((n=0; n<5; n++)); do (( n == 2 )) && continue; echo "n=$n"; done
for ((m=0;m<1;m++)); do echo once; done
echo end
