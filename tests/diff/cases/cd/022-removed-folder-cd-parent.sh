mkdir -p p/d
cd p/d
rmdir ../d
cd ..
echo "status $? ${PWD##*/}"
