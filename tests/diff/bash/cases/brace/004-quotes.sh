echo "{a,b}" '{a,b}' \{a,b} {a,b\} {a\,b} {"a,b"} {a,'b,c'} {a,"b c"}d
x=1 y='p q'
echo {$x,b} ${x}{a,b} {1..$x} {"$y",z} {$y,z}
printf '<%s>\n' {"",a} {'',b}
