x=$(
echo first
echo second
)
echo "$x"
