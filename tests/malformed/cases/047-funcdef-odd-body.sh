# expect: status=[0-9]+ stderr=
f()
${x#{
	echo defined-across-lines
}
f
