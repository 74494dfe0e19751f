echo {a,b,c} x{a,b}y pre{1,2}
echo {a,b}{1,2} {a,{b,c}}d {a,b{1..2}}
printf '[%s]\n' {,a} {a,} x{,}y
