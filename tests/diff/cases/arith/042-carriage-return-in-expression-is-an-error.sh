# In the expression itself only blanks and newlines separate tokens.
echo $(( $(printf '6\r') )) 2>/dev/null
echo not reached
