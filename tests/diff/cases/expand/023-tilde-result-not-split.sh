HOME='/path/with  space'
printf '[%s]' ~ ~/a; echo
