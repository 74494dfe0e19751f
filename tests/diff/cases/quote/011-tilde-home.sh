HOME=/my/home
echo ~
echo ~/sub
echo "~"
echo '~'
echo \~
echo a~
