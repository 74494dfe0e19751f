# XCU 2.6.2: the word of ${x#word} is expanded after x was looked up, and
# may assign x itself; the old value is the one matched (a use-after-free
# the expand fuzzer found read freed memory here).
x=abcdefghijklmnopqrstuvwxyz
echo "${x#$((x=5))}" "$x"
y=abcabcabcabcabcabcabcabcabcabcabc
echo ${y%%b${y:=q}*} "$y"
z=hello-world-long-enough-to-reuse
echo "${z##*$((z=7))}" "$z" "${z%$((z=1))}" "$z"
