y='hello World'
echo "${y^}" "${y^^}" "${y,}" "${y,,}" "${y^^[lo]}" "${y,,[W]}" "${y^l}" "${y^h}" "${y~}" "${y~~}"
z='ÉTÉ été'; echo "${z,,}" "${z^^}"
n='mixedCase_123'; echo "${n^^}" "${n,,}" "${n^^[a-c]}"
set -- abc Def; echo "${1^}" "${2,}"
unset u; echo "[${u^^}]"
