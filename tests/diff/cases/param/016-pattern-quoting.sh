x='a*b*c'
y='*'
echo "${x#"$y"}"
echo "${x#$y}"
echo "${x%"*c"}"
echo "${x%*c}"
echo "${x#a\*}"
