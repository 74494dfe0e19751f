# for (( )) with four expressions
for ((;;;)); do :; done
echo after
