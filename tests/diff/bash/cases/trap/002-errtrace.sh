# set -E: functions, subshells and command substitutions inherit ERR
set -E
trap 'echo "ERR $? ${FUNCNAME:-main}"' ERR
f() { false; echo "in f"; }
f
( false; echo "sub $?" )
x=$(false; echo cs); echo "x=$x"
g() { h; }; h() { return 4; }; g; echo "st $?"
set +E
f
set -o errtrace; f; set +o errtrace
echo "${-//[^E]/}"
