c=({a,b}{1,2} [7]=seven eight); declare -p c
touch g1.t g2.t; g=(*.t); echo ${#g[@]} "${g[@]}"; rm -f g1.t g2.t
v=3; d=($v "$v" $((v+1)) $(echo s t) '$v'); declare -p d
x=(rm -rf build); declare -p x; echo ${x[0]}
m=( # comment
  one
  two # two
); echo ${#m[@]}
