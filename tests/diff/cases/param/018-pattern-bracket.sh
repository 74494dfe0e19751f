v=file123
echo ${v%%[0-9]*}
echo ${v##*[!0-9]}
w=ABCdef
echo ${w##*[[:upper:]]}
