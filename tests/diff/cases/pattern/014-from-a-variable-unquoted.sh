x='[\-]'
case - in $x) echo match;; *) echo no;; esac
y='[a\-c]'
case b in $y) echo range;; *) echo no-range;; esac
