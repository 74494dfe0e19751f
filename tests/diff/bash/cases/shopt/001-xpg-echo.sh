shopt xpg_echo; echo $?
shopt -p xpg_echo
echo 'a\tb'
shopt -s xpg_echo; echo $?
echo 'a\tb'; echo -E 'a\tb'; echo -n 'c\n'
shopt xpg_echo; shopt -p xpg_echo; shopt -q xpg_echo; echo $?
shopt -u xpg_echo; shopt -q xpg_echo; echo $?
shopt -pq xpg_echo; echo $?
