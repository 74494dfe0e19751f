function a { echo "a $1"; }
function b() { echo "b $#"; }
function c
{
	echo c
}
a 1; b x y; c
function d () ( echo sub )
d
