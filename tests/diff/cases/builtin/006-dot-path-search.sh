mkdir d
echo 'echo found-via-path' > d/inc.sh
PATH=$PWD/d:$PATH
. inc.sh
