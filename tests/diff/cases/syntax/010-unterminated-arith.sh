echo before
echo $((1 +
