printf '%q\n' 'a b' "it's" '' 'x*y' '~x' 'a~' '#a' 'a#' 'a=b' '-n' '!x'
printf '%q\n' 'a,b' '{a}' '[x]' 'a%b' 'a^b' 'a:b' 'a@b' '$HOME' '`x`' 'a|b&c;d' '(x)<y>' 'tab	x' '\' '"q"'
printf '%q\n' $'a\nb' $'\t' $'\x01z' $'\x7f' $'x\033y' $'it\'s\n' $'back\\slash\r'
printf '%5q|%-6q|%.2q|\n' ab c xyz
printf '%q %q\n' one; printf '%q\n'
s=$(printf %q "a 'b' \$c"); eval "echo $s"
eval "set -- $(printf '%q ' 'x y' 'z')"; echo $# "$1"
