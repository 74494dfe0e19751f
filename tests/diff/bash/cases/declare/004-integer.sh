declare -i x; x=3*4; echo $x; x+=1; echo $x; x=y; echo $x; y=7; x=y+1; echo $x
declare -ia arr=(1+1 2*3); echo ${arr[@]}; arr+=(4+4); echo ${arr[@]}
declare +i x; x=1+1; echo $x
