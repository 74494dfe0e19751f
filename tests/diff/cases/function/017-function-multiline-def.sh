f()
{
	echo defined-across-lines
}
f
g ( ) { echo spaced-parens; }
g
