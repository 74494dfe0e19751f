f=archive.tar.gz
echo ${f%.*}
echo ${f%%.*}
echo ${f%.gz}
echo ${f%nomatch}
