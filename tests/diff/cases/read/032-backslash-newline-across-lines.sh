printf 'a\\\nb c\nd\n' >f
{ read x y; echo "$x|$y"; read z; echo "$z"; } <f
{ read -r x y; echo "$x|$y"; read z; echo "$z"; } <f
