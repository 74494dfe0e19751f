# =~ without its regular expression
[[ a =~ ]]
echo after
