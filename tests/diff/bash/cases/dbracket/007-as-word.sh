echo [[ a ]]
x=[[
echo "$x"
f() { [[ $1 == y* ]]; }
f yes && echo yes
f no || echo no
