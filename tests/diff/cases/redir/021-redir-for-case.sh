for x in a b; do echo $x; done > f
cat f
case x in x) echo case-out ;; esac > g
cat g
