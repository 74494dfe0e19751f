unset u
echo "${u:-a  b}"
echo ${u:-a  b}
echo "${u:-'sq'}"
echo ${u:-'sq  x'}
echo "${u:-\}}"
