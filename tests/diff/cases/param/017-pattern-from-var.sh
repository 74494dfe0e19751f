path=/a/b/c
pre=/a
echo "${path#$pre}"
echo "${path#"$pre"}"
star='*/'
echo "${path##$star}"
echo "${path##"$star"}"
