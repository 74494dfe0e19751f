# a comment
echo one # trailing comment
echo two#not-a-comment
echo 'three # in quotes'
echo "four # in dq"
echo five \# escaped
