p=/usr/local/bin/tool
echo ${p#*/}
echo ${p##*/}
echo ${p#/usr}
echo ${p#nomatch}
