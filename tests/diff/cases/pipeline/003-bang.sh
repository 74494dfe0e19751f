! true
echo "! true: $?"
! false
echo "! false: $?"
! sh -c 'exit 7'
echo "! exit7: $?"
! true | false
echo "! true|false: $?"
