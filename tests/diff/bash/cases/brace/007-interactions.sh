x=1 y=3
echo {a,b}$x "{a,b}"$x {a,b}"$x" {a,b}'$x' \{a,b\} {a,b}\ c
echo {$x..$y} $(echo {$x..$y}) "$(eval echo {$x..$y})"
echo {a,b}{${x},${y}} ${x}{,} pre{_$x,_$y}.post
echo {a,b}${x:+yes} {${x}1,2} {'$'x,y}
echo `echo {1,2}` $(printf '%s-' {a..c})
mkdir -p t/{src,doc}/{x,y} && echo t/* t/*/* && rm -r t
echo file{1..3}.{txt,md}
