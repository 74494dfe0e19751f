for i in 1 2 3; do :; done
echo "i=$i"
for j in; do :; done
echo "j=${j-unset}"
