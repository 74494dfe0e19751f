# declare -l and -u: every value assigned is lowercased/uppercased (ASCII)
declare -l x=ABC; echo $x; declare -u y; y=hello; echo $y; x+=DEF; echo $x
declare -lu z=Ab; echo $z; declare -ul z2=Ab; echo $z2; declare -p x y z z2
declare +l x; x=ABC; echo $x
declare -u a=(x y); a+=(z); a[5]=w; echo ${a[@]}; declare -p a
declare -l r; read r <<< "HeLLo"; echo $r
declare -u v; for v in a b; do echo $v; done
f() { local -u q=abc; echo $q; }; f
declare -lx e=ABC; env | grep ^e=
declare -iu n=3+4; echo $n
declare -u m=abc; m=$m"def"; echo $m
declare -A h; declare -u h; h[k]=v; declare -p h
printf -v x "%s" QQQ; echo $x
declare -u c; c=${c}x; echo $c
declare -u w; declare -l w; w=AbC; echo $w; declare -p w
declare -rux q=a; declare -p q
declare -u mm; mapfile -t mm <<< "ab"; echo "${mm[@]}"
declare -l gg; gg+=XY; echo $gg
declare -u tt; tt=x true; echo "[$tt]"
declare -u k; read -a k <<< "a b"; echo "${k[@]}"
declare -ru ro=abc; ro=x; echo "dropped"
echo "st=$? $ro"
declare -l ro; echo "st=$? $ro"
