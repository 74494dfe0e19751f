d=$(mktemp -d); cd "$d"
touch matchme
case x in *) echo "case star not a filename glob" ;; esac
x=m*
case $x in m\*) echo "value kept literal" ;; esac
cd /; rm -rf "$d"
