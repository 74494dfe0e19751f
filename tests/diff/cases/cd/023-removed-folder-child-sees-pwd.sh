mkdir d
cd d
rmdir ../d
sh -c 'echo "${PWD##*/}"'
