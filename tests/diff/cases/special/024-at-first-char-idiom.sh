x=hello
first=${x%"${x#?}"}
echo "$first"
rest=${x#?}
echo "$rest"
