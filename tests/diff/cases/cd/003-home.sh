mkdir h
HOME=$PWD/h
cd
[ "$PWD" = "$HOME" ] && echo "cd with no args goes HOME"
