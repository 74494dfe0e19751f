IFS=' 	'
x='a 	 b'
set -- $x
echo $#
IFS='	:'
x='a	:	b'
set -- $x
echo $# "$@"
