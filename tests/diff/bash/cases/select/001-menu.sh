# select: the menu on stderr, PS3, REPLY, a reply that is no item's
# number, an empty line showing the menu again, end of input (status 1)
COLUMNS=80
select x in a b c; do echo "got '$x' '$REPLY'"; done <<'IN'
2

9
foo
 3 
IN
echo "st=$? x=$x"
PS3='pick: '
select f in "one two" three; do echo "$f"; break; done <<< 1
echo "st=$?"
select y in; do echo never; done
echo "empty st=$?"
set -- p q
select y; do echo "pos $y"; break; done <<< 2
