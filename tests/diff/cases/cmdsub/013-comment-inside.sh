x=$(
	echo one # a comment with ) paren
	echo two
)
echo "$x"
