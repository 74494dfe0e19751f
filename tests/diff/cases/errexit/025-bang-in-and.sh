set -e
! false && echo "bang and"
true && ! true
echo "last command negated does not exit"
