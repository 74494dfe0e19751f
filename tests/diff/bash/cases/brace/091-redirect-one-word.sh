# a redirection's target that brace-expands to one word is that word
echo hi > x{1..1}
echo "st=$?"
cat < x{1..1}
echo more >> "x"{1..1}
cat x1
echo err 2>e{r..r}r >&2
cat err
echo c >y{a..a}"z"
exec 3>f{0..0}; echo three >&3; exec 3>&-
ls
cat f0 x1
# two words or none stay ambiguous, a quoted brace is a name
echo z > {a,b}{c,d}
echo "st=$?"
echo z > "{a..a}"
ls
