set -e
! false | false
echo "! pipeline exempt"
