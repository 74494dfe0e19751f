read a
echo first-data
read b
echo second-data
echo "[$a] [$b]"
