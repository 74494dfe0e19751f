# bash's case terminators: ";&" runs the next body without testing it,
# ";;&" goes on testing the next items' patterns
for w in apple banana cherry other; do
	case $w in
	a*) echo "$w: starts with a" ;&
	*e*) echo "$w: fell or has e" ;;
	b*) echo "$w: b" ;;&
	*an*) echo "$w: has an" ;;&
	*) echo "$w: default" ;;
	esac
done
case x in x) echo one ;& y) echo two ;& z) echo three ; esac
case x in x) ;& y) echo empty-fell ;; esac
case q in q) echo a ;;& r) echo never ;; esac
echo "st=$?"
case x in x) false ;& y) ;; esac
echo "st=$?"
f() { case 1 in 1) return 4 ;& 2) echo never ;; esac; }
f; echo "f=$?"
for i in 1 2; do case $i in 1) break ;& 2) echo never ;; esac; done
echo "after break"
