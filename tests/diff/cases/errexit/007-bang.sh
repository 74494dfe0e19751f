set -e
! true
echo "bang pipeline exempt"
! false
echo end
