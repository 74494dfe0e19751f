# function with nothing after it
function
echo after
