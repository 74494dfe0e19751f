g=global
f(){ declare v=1; declare -g g2=2; local -a l=(q r); local -A h=([k]=v); declare -p v g2 l h; typeset w=3; echo $w; declare g=inner; echo $g; }
f; declare -p g2; echo $g; declare -p v 2>/dev/null || echo v-gone
h(){ local -i i=1+1; echo $i; }; h
