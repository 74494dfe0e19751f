function f {
	local x=in
	echo "$x $1"
	return 3
}
f arg; echo "st=$?"
function g { (( $1 > 1 )) && echo big || echo small; }
g 1; g 5
function h() { [[ -n $1 ]]; } > /dev/null
h && echo empty-false || echo empty
function outer { function inner { echo inner; }; inner; }; outer; inner
