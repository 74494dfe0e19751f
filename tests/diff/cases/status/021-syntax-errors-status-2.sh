for s in 'echo )' '{ echo' "echo 'abc" 'echo "abc' 'if true; then' 'case x in' 'while :; do' 'x=$(' 'f() ' '&& echo' '| cat' 'done' 'echo ${x' ; do
	(eval "$s") >/dev/null 2>&1
	echo "$? :: $s"
done
