eval false
echo $?
eval
echo $?
eval ''
echo $?
eval 'sh -c "exit 9"'
echo $?
