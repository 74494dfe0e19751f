set -- one two three four five six seven eight nine ten
echo $1 $5 $9
echo $10
echo ${10}
