mkdir d
cd d
rmdir ../d
echo "${PWD##*/}"
pwd | sed 's|.*/||'
echo "status $?"
