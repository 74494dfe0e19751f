# for (( )) with two expressions: bash names the whole (( ))
echo before
for ((i=0; i<3)); do echo $i; done
echo after
