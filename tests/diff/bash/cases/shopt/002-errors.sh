shopt -s nosuch; echo $?
shopt -s nosuch xpg_echo; echo $?; shopt -p xpg_echo
shopt -s -u xpg_echo; echo $?
shopt -su xpg_echo; echo $?
shopt -x; echo $?
shopt nosuch; echo $?
shopt -q nullglob xpg_echo; echo $?
shopt nullglob dotglob failglob nocaseglob
