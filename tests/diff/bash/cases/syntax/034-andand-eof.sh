# && and then the end of the input
echo a &&
