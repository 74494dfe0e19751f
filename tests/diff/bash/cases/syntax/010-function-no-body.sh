# function NAME and then the end of the input
echo before
function f
