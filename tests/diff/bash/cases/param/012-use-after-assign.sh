x=abcabc
echo "${x/b/$((x=1))}" "$x"
x=abcabc; echo "${x//${x:=z}/y}" "${x:1:${x:+2}}"
x=hello; echo "${x^^${x=}}"
